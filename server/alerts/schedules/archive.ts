import "server-only";
import { constants } from "node:fs";
import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/server/env";
import { finalPath, manifestPath } from "@/server/exports/files";

/**
 * Copies a scheduled run's file and signed manifest to CONSOLE_EXPORT_ARCHIVE_DIR/<schedule id>/, the
 * place an operator points at write-once or synced storage. A copy is never overwritten (write-once
 * storage refuses it anyway): a run resumed after a takeover finds its copy there and is done.
 */
export async function archiveExport(runId: string, scheduleId: string, fileName: string): Promise<void> {
  const root = getEnv().CONSOLE_EXPORT_ARCHIVE_DIR;
  if (!root) return;
  const dir = path.join(path.resolve(/*turbopackIgnore: true*/ root), scheduleId.replace(/[^0-9a-f-]/gi, ""));
  await mkdir(dir, { recursive: true });
  const name = path.basename(fileName);
  await copyOnce(finalPath(runId, name), path.join(dir, name));
  await copyOnce(manifestPath(runId), path.join(dir, `${name}.manifest.json`));
}

async function copyOnce(from: string, to: string) {
  try {
    await copyFile(from, to, constants.COPYFILE_EXCL);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
