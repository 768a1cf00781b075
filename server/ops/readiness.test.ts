import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type DbHandle } from "@/server/db/client";
import { TEST_DATABASE_URL } from "@/testing/db";
import { startTcpProxy, type TcpProxy } from "@/testing/jobs/tcp-proxy";
import { checkReadiness, describeDbError, expectedMigrations, sharedReadiness } from "./readiness";

/**
 * Readiness against the machine's PostgreSQL, reached through a TCP proxy the test partitions (bytes
 * held back, as on a dead link) and heals: the same pool answers again without being reopened.
 */
let proxy: TcpProxy;
let handle: DbHandle;
const schemaName = `t_ready_${process.pid}`;

beforeAll(async () => {
  proxy = await startTcpProxy({ host: "127.0.0.1", port: 5432 });
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(proxy.port);
  handle = await openDb({ databaseUrl: url.href, schemaName });
}, 60_000);

afterAll(async () => {
  proxy.heal();
  await handle.db.execute(`drop schema if exists ${schemaName} cascade` as never).catch(() => {});
  await handle.close();
  await proxy.close();
});

const deps = (over: Partial<Parameters<typeof checkReadiness>[0]> = {}) => ({
  db: async () => handle,
  jobs: () => "running" as const,
  draining: () => false,
  timeoutMs: 500,
  ...over,
});

describe("readiness", () => {
  it("is ready when the database answers, every migration is applied, the workers run and it is not draining", async () => {
    const readiness = await checkReadiness(deps());
    expect(readiness.status).toBe("ready");
    expect(readiness.checks).toEqual([
      { name: "database", ok: true, detail: "answers" },
      { name: "migrations", ok: true, detail: `${expectedMigrations()} applied` },
      { name: "jobs", ok: true, detail: "workers running" },
      { name: "draining", ok: true, detail: "taking traffic" },
    ]);
  });

  it("is not ready while the database does not answer, names no host or URL, and is ready again once it does", async () => {
    proxy.partition();
    const down = await checkReadiness(deps());
    expect(down.status).toBe("not ready");
    expect(down.checks[0]).toEqual({
      name: "database",
      ok: false,
      detail: "the database did not answer within 500 ms",
    });
    expect(down.checks[1]?.ok).toBe(false);
    const text = JSON.stringify(down);
    for (const secret of ["127.0.0.1", String(proxy.port), "postgres://", schemaName])
      expect(text).not.toContain(secret);

    proxy.heal();
    expect((await checkReadiness(deps())).status).toBe("ready");
  });

  it("counts a migration the database lacks as not ready, saying how many of how many", async () => {
    const dir = path.join(tmpdir(), `migrations-${process.pid}`);
    mkdirSync(path.join(dir, "meta"), { recursive: true });
    const entries = Array.from({ length: expectedMigrations() + 1 }, (_, idx) => ({ idx, tag: `m${idx}` }));
    writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ entries }));
    const readiness = await checkReadiness(deps({ migrationsDir: dir }));
    expect(readiness.status).toBe("not ready");
    expect(readiness.checks[1]).toEqual({
      name: "migrations",
      ok: false,
      detail: `${entries.length - 1} of ${entries.length} applied`,
    });
  });

  it("is not ready without job workers, or while draining, and says which", async () => {
    const noJobs = await checkReadiness(deps({ jobs: () => "not running" }));
    expect(noJobs.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["jobs"]);
    const draining = await checkReadiness(deps({ draining: () => true }));
    expect(draining.checks.filter((c) => !c.ok)).toEqual([{ name: "draining", ok: false, detail: "shutting down" }]);
  });

  it("describes database errors by kind, never by their text", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 10.1.2.3:5432"), { code: "ECONNREFUSED" });
    expect(describeDbError(refused)).toBe("the database refused the connection");
    const auth = Object.assign(new Error('password authentication failed for user "console"'), { code: "28P01" });
    expect(describeDbError(auth)).toBe("the database refused the query (SQLSTATE 28P01)");
    expect(describeDbError(new Error("postgres://u:p@db/x is gone"))).toBe("the database did not answer");
  });

  it("answers a flood of probes with one check a second, not one per probe", async () => {
    let checks = 0;
    const counted = deps({ jobs: () => (checks++, "running" as const) });
    const t0 = 1_000_000;
    const answers = await Promise.all(Array.from({ length: 50 }, () => sharedReadiness(counted, 1000, t0 + 10)));
    expect(answers.every((a) => a.status === "ready")).toBe(true);
    expect(checks).toBe(1);
    await sharedReadiness(counted, 1000, t0 + 2000);
    expect(checks).toBe(2);
  });
});
