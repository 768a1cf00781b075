import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbHandle } from "@/server/db/client";
import { measure, readinessState } from "./metrics";
import { upstreamSeen, type UpstreamSeen } from "./upstream-health";

/**
 * Readiness: whether this instance should receive traffic. Ready only when the database answers,
 * every migration is applied, the job workers run and the instance is not draining. The upstream is
 * reported (from this instance's own recent calls) but never makes it unready: a console whose
 * upstream is down still serves its audit log. No check names a host, a URL or a secret.
 */
export interface Check {
  name: "database" | "migrations" | "jobs" | "draining";
  ok: boolean;
  detail: string;
}

export interface Readiness {
  status: "ready" | "not ready";
  checks: Check[];
  upstream: UpstreamSeen;
}

export interface ReadinessDeps {
  db: () => Promise<Pick<DbHandle, "db" | "raw">>;
  jobs: () => "running" | "not running";
  draining: () => boolean;
  /** How long the database may take to answer `select 1`. */
  timeoutMs?: number;
  migrationsDir?: string;
}

const DRAINING = Symbol.for("custodian-console.draining");

/** Set by scripts/serve.mjs when SIGTERM arrives: the load balancer is told to stop sending. */
export const isDraining = () => (globalThis as Record<symbol, unknown>)[DRAINING] === true;

export function expectedMigrations(dir = path.resolve(process.cwd(), "server/db/migrations")): number {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/** A database error in words that name no host, user or URL. */
export function describeDbError(error: unknown): string {
  if (error instanceof TimeoutError) return error.message;
  const code = (error as { code?: unknown })?.code;
  if (code === "ECONNREFUSED") return "the database refused the connection";
  if (code === "ECONNRESET" || code === "EPIPE") return "the connection to the database was cut";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "the database's host name does not resolve";
  if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
    return `the database refused the query (SQLSTATE ${code})`;
  return "the database did not answer";
}

class TimeoutError extends Error {}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`the database did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function migrationsTable(raw: DbHandle["raw"]): string {
  const schema = raw.kind === "postgres" && raw.schemaName ? raw.schemaName : "drizzle";
  return `"${schema}"."__drizzle_migrations"`;
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2000;
  const checks: Check[] = [];
  let handle: Pick<DbHandle, "db" | "raw"> | undefined;
  try {
    handle = await within(timeoutMs, deps.db());
    await within(timeoutMs, handle.db.execute(sql`select 1`));
    checks.push({ name: "database", ok: true, detail: "answers" });
  } catch (error) {
    checks.push({ name: "database", ok: false, detail: describeDbError(error) });
  }

  if (handle && checks[0]?.ok) {
    try {
      const expected = expectedMigrations(deps.migrationsDir);
      const result = await within(
        timeoutMs,
        handle.db.execute(sql.raw(`select count(*)::int as applied from ${migrationsTable(handle.raw)}`)),
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { applied: number }[];
      const applied = Number(rows[0]?.applied ?? 0);
      checks.push({
        name: "migrations",
        ok: applied >= expected,
        detail: applied >= expected ? `${applied} applied` : `${applied} of ${expected} applied`,
      });
    } catch (error) {
      checks.push({ name: "migrations", ok: false, detail: describeDbError(error) });
    }
  } else checks.push({ name: "migrations", ok: false, detail: "not checked: the database does not answer" });

  const jobs = deps.jobs();
  checks.push({
    name: "jobs",
    ok: jobs === "running",
    detail: jobs === "running" ? "workers running" : "workers not running",
  });
  const draining = deps.draining();
  checks.push({ name: "draining", ok: !draining, detail: draining ? "shutting down" : "taking traffic" });

  measure(() => {
    for (const check of checks) readinessState().set({ check: check.name }, check.ok ? 1 : 0);
  });
  return {
    status: checks.every((c) => c.ok) ? "ready" : "not ready",
    checks,
    upstream: upstreamSeen(),
  };
}

let recent: { at: number; result: Promise<Readiness> } | undefined;

/**
 * Readiness as the unauthenticated endpoint serves it: one check at a time, its answer shared for up to
 * `maxAgeMs`, so a flood of probes costs the database one `select 1` a second, not one per request.
 */
export function sharedReadiness(deps: ReadinessDeps, maxAgeMs = 1000, now = Date.now()): Promise<Readiness> {
  if (recent && now - recent.at < maxAgeMs) return recent.result;
  const result = checkReadiness(deps);
  recent = { at: now, result };
  return result;
}
