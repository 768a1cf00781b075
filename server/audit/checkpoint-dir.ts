import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "@/server/env";

/**
 * The checkpoint directory: CONSOLE_CHECKPOINT_DIR, by default <CONSOLE_DATA_DIR>/checkpoints. It is
 * what anchors the audit log outside the database, so it belongs on storage that whoever can write
 * to the database cannot (another host's share, a WORM bucket synced from it): see docs/security.md.
 * Every instance shares it. One folder per chain (its chain id) holds that chain's checkpoints and,
 * once it ends, its closing statement; the chain alarm sits at the top.
 */
export function checkpointDir(): string {
  const env = getEnv();
  return path.resolve(
    /*turbopackIgnore: true*/ env.CONSOLE_CHECKPOINT_DIR ?? path.join(env.CONSOLE_DATA_DIR, "checkpoints"),
  );
}

/** The file in a chain's folder that says the chain ended (server/audit/closing.ts). */
export const CLOSING_FILE = "audit-chain-closed.json";

export const chainDir = (chainId: string) => path.join(/*turbopackIgnore: true*/ checkpointDir(), chainId);

/**
 * Written whole and synced, then renamed: a reader sees the file complete or not at all. Each write has
 * a temporary file of its own: two at once in one process (an act and a checkpoint's verification both
 * raising the chain's alarm) would otherwise write into the same file and rename a mix of both.
 */
export async function writeFileWhole(target: string, text: string): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${randomUUID()}.tmp`;
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(text, "utf8");
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
}

export async function listOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/**
 * A file at the top of the directory (the alarm, the last whole verification): null when it is not there,
 * else its content as JSON (undefined when it does not parse), for the caller's schema to judge.
 */
export async function readTopFile(name: string): Promise<{ json: unknown } | null> {
  let text: string;
  try {
    text = await readFile(path.join(/*turbopackIgnore: true*/ checkpointDir(), name), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { json: undefined };
  }
}
