import "server-only";
import { rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { logger } from "@/server/log";
import { checkpointDir, readTopFile, writeFileWhole } from "./checkpoint-dir";

/**
 * The console's memory that it found its audit chain broken. It lives in the checkpoint directory,
 * beside the checkpoints and outside the database: someone who can write to the database cannot
 * clear it, and every instance sharing the directory sees it. While it stands, nothing is appended
 * and no checkpoint is signed (an append would seal the damage into a chain that verifies again),
 * until an operator acknowledges the finding (`npm run audit:acknowledge`), which removes it.
 */
const FILE = "audit-chain-broken.json";
const alarmSchema = z.object({
  at: z.iso.datetime(),
  problem: z.string(),
  message: z.string(),
});
export type ChainAlarm = z.infer<typeof alarmSchema>;

const alarmPath = () => path.join(/*turbopackIgnore: true*/ checkpointDir(), FILE);

// Read at most once per KEEP_MS.checkpointFiles per process: every append and every page asks.
const kept = keptFor<ChainAlarm | null>({ keepMs: KEEP_MS.checkpointFiles, failedMs: 0, max: 4 });

/** The standing alarm, if any. A file that is there but unreadable counts as an alarm: someone wrote it. */
export function chainAlarm(): Promise<ChainAlarm | null> {
  return kept.get(alarmPath(), async () => {
    const file = await readTopFile(FILE);
    if (!file) return null;
    const parsed = alarmSchema.safeParse(file.json);
    return parsed.success
      ? parsed.data
      : { at: new Date().toISOString(), problem: "alarm-unreadable", message: `${FILE} is not readable as an alarm.` };
  });
}

/** Records a finding; the first one stands until acknowledged (a later finding does not replace it). */
export async function raiseChainAlarm(finding: { problem: string; message: string }): Promise<ChainAlarm> {
  const standing = await chainAlarm().catch(() => null);
  if (standing) return standing;
  const alarm: ChainAlarm = { at: new Date().toISOString(), problem: finding.problem, message: finding.message };
  await writeFileWhole(alarmPath(), `${JSON.stringify(alarm, null, 2)}\n`);
  kept.forget();
  logger.error({ problem: alarm.problem }, "audit chain found broken: appends stop until an operator acknowledges it");
  return alarm;
}

/** Only the acknowledgement calls this, once the chain verifies past what was found. */
export async function clearChainAlarm(): Promise<void> {
  await rm(alarmPath(), { force: true });
  kept.forget();
}
