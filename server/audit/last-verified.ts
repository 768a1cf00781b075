import "server-only";
import path from "node:path";
import { z } from "zod";
import type { LastVerified, LastVerifiedView } from "@/lib/audit/last-verified";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { logger } from "@/server/log";
import { checkpointDir, readTopFile, writeFileWhole } from "./checkpoint-dir";

/**
 * When the whole log was last verified, by any instance: the hourly sweep (./sweep.ts) or a Verify of the
 * whole chain (the button, an audit export's check, an acknowledgement's). Kept in the checkpoint
 * directory beside the alarm, where every instance reads it, not in the database it speaks of. What it
 * says is the console's word, for the people who run it (is the sweep alive?); the evidence is the
 * signed checkpoints.
 */
const FILE = "audit-last-verified.json";
const lastVerifiedSchema = z.object({
  at: z.iso.datetime(),
  by: z.enum(["sweep", "verify"]),
  count: z.number().int().nonnegative(),
  lastSeq: z.number().int().nonnegative(),
}) satisfies z.ZodType<LastVerified>;

const filePath = () => path.join(/*turbopackIgnore: true*/ checkpointDir(), FILE);

const kept = keptFor<LastVerified | null>({ keepMs: KEEP_MS.checkpointFiles, failedMs: 0, max: 4 });

/** The last whole verification on record, or null (none yet, or a file that does not read as one). */
export function lastWholeVerified(): Promise<LastVerified | null> {
  return kept.get(filePath(), async () => {
    const file = await readTopFile(FILE);
    return file ? (lastVerifiedSchema.safeParse(file.json).data ?? null) : null;
  });
}

/** What the audit page and its route show: the page prefetches it, GET /api/audit/last-verified answers it. */
export async function lastVerifiedView(): Promise<LastVerifiedView> {
  return { lastVerified: await lastWholeVerified() };
}

/** Notes a whole walk that verified; a directory that cannot be written costs the note, not the verdict. */
export async function noteWholeVerified(verified: LastVerified): Promise<void> {
  try {
    const known = await lastWholeVerified().catch(() => null);
    // Two instances finishing at once: the later walk stands.
    if (known && known.at > verified.at) return;
    await writeFileWhole(filePath(), `${JSON.stringify(lastVerifiedSchema.parse(verified), null, 2)}\n`);
  } catch (error) {
    logger.warn({ err: error }, "the last whole verification of the audit chain could not be noted");
  } finally {
    kept.forget();
  }
}
