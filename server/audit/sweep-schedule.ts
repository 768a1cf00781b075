import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { getDb } from "@/server/db";
import { logger } from "@/server/log";
import { auditSweepCompleted, measure } from "@/server/ops/metrics";
import { chainAlarm } from "./alarm";
import { sweepChain } from "./sweep";

/** A pass over the whole chain begins this often in every instance (the first a minute after start). */
export const SWEEP_EVERY_MS = 60 * 60_000;
const FIRST_AFTER_MS = 60_000;
/** Between two stretches of a pass: other statements run (one connection on the embedded database). */
const PAUSE_MS = 50;

const globalForSweep = globalThis as unknown as { consoleAuditSweep?: NodeJS.Timeout; consoleAuditSweeping?: boolean };

async function pass(): Promise<void> {
  if (globalForSweep.consoleAuditSweeping) return;
  globalForSweep.consoleAuditSweeping = true;
  try {
    // While the alarm stands the chain is known broken: an operator acknowledges first.
    if (await chainAlarm()) return;
    const started = Date.now();
    const { ok, stretches } = await sweepChain(await getDb(), {
      pause: () => sleep(PAUSE_MS, undefined, { ref: false }),
    });
    if (ok) {
      measure(() => auditSweepCompleted().set(Date.now() / 1000));
      logger.info({ stretches, ms: Date.now() - started }, "audit chain verified whole");
    } else logger.error({ stretches }, "audit chain sweep found the chain broken");
  } catch (error) {
    logger.warn({ err: error }, "audit chain sweep failed");
  } finally {
    globalForSweep.consoleAuditSweeping = false;
  }
}

/** Every instance verifies the whole chain hourly, in stretches (server/audit/sweep.ts); the timers keep no process alive. */
export function startAuditSweep(): void {
  if (globalForSweep.consoleAuditSweep) return;
  setTimeout(() => void pass(), FIRST_AFTER_MS).unref();
  globalForSweep.consoleAuditSweep = setInterval(() => void pass(), SWEEP_EVERY_MS);
  globalForSweep.consoleAuditSweep.unref();
}
