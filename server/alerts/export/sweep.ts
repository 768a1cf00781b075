import "server-only";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { exportDir, exportTtlMs } from "@/server/exports/files";
import { getJobRun } from "@/server/jobs";
import { logger } from "@/server/log";

const runIdSchema = z.uuid();
/** The kinds of run whose files live in the export directory, each result with its `expiresAt`. */
const EXPORT_KINDS = new Set(["alerts.export", "audit.export"]);
const expiresSchema = z.object({ expiresAt: z.iso.datetime() });

/**
 * Deletes what no one may download any more: the files of exports past their expiry, of runs that
 * failed or were cancelled, and directories no run owns (older than the TTL, so a directory an
 * instance is creating right now is left alone). Running and queued runs are never touched. Every
 * instance may run it at once on the shared directory: deleting twice is harmless.
 */
export async function sweepExports(options: { now?: number; dir?: string; ttlMs?: number } = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const dir = options.dir ?? exportDir();
  const ttlMs = options.ttlMs ?? exportTtlMs();
  let names: string[];
  try {
    names = await readdir(/*turbopackIgnore: true*/ dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!runIdSchema.safeParse(name).success) continue;
    const target = path.join(/*turbopackIgnore: true*/ dir, name);
    if (await expired(name, target, now, ttlMs)) {
      await rm(target, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

async function expired(runId: string, target: string, now: number, ttlMs: number): Promise<boolean> {
  const run = await getJobRun(runId);
  if (!run || !EXPORT_KINDS.has(run.kind)) {
    const info = await stat(target).catch(() => undefined);
    return info !== undefined && now - info.mtimeMs > ttlMs;
  }
  if (run.status === "failed" || run.status === "cancelled") return true;
  if (run.status !== "succeeded") return false;
  const result = expiresSchema.safeParse(run.result);
  const expiresAt = result.success ? Date.parse(result.data.expiresAt) : (run.finishedAt?.getTime() ?? now) + ttlMs;
  return now >= expiresAt;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const globalForSweep = globalThis as unknown as { consoleExportSweep?: NodeJS.Timeout };

/** Sweeps soon after start and every 10 minutes, on each instance (the timer never keeps a process alive). */
export function startExportSweep(): void {
  if (globalForSweep.consoleExportSweep) return;
  const sweep = () => {
    sweepExports()
      .then((removed) => {
        if (removed.length > 0) logger.info({ removed: removed.length }, "expired export files deleted");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "export sweep failed"));
  };
  setTimeout(sweep, 5_000).unref();
  globalForSweep.consoleExportSweep = setInterval(sweep, SWEEP_EVERY_MS);
  globalForSweep.consoleExportSweep.unref();
}
