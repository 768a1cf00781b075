import "server-only";
import { open, rename } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { getEnv } from "@/server/env";

/**
 * Where every export's files live: CONSOLE_EXPORT_DIR, by default <CONSOLE_DATA_DIR>/exports, shared
 * by every instance, one directory per run (the unit the sweep deletes):
 *   <runId>/<file name>    the export itself, written as .tmp and renamed, so it is whole or absent
 *   <runId>/manifest.json  its signed manifest, the same way
 */
export function exportDir(): string {
  const env = getEnv();
  // A directory of the running console, not of the build: nothing here is for the build to trace.
  return path.resolve(/*turbopackIgnore: true*/ env.CONSOLE_EXPORT_DIR ?? path.join(env.CONSOLE_DATA_DIR, "exports"));
}

export function exportTtlMs(): number {
  return getEnv().CONSOLE_EXPORT_TTL_HOURS * 3_600_000;
}

const runIdSchema = z.uuid();

export function runDir(runId: string): string {
  // The run id comes from the database, but a path is built from it: never let it be anything but a uuid.
  return path.join(exportDir(), runIdSchema.parse(runId));
}

export const finalPath = (runId: string, fileName: string) => path.join(runDir(runId), path.basename(fileName));
export const manifestPath = (runId: string) => path.join(runDir(runId), "manifest.json");

/** Writes a whole small file so that readers see the old one or the new one, never half of it. */
export async function writeFileAtomically(target: string, content: string): Promise<void> {
  const temp = `${target}.tmp`;
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(content, "utf8");
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
}
