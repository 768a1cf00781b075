import "server-only";
import { mkdir, open, readdir, readFile, rename } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { checkpointIsAuthentic, parseCheckpoint, type SignedCheckpoint } from "./checkpoint";
import { storedAuditKeys } from "./keys";

/**
 * The checkpoint directory: CONSOLE_CHECKPOINT_DIR, by default <CONSOLE_DATA_DIR>/checkpoints, outside
 * the database, shared by every instance. One folder per chain (its chain id), one file per checkpoint,
 * named so that the newest sorts last: audit-checkpoint-<time>-<last sequence>.json. Newest means made
 * last, not highest sequence: after a restore from a backup, acknowledged, the sequence may go back.
 */
export function checkpointDir(): string {
  const env = getEnv();
  return path.resolve(
    /*turbopackIgnore: true*/ env.CONSOLE_CHECKPOINT_DIR ?? path.join(env.CONSOLE_DATA_DIR, "checkpoints"),
  );
}

const chainDir = (chainId: string) => path.join(/*turbopackIgnore: true*/ checkpointDir(), chainId);
const FILE = /^audit-checkpoint-\d{4}-\d\d-\d\dT[0-9-]+Z-\d+\.json$/;
const CHAIN = /^[0-9a-f]{32}$/;

export function checkpointFileName(checkpoint: SignedCheckpoint): string {
  const stamp = checkpoint.at.replace(/[:.]/g, "-");
  return `audit-checkpoint-${stamp}-${checkpoint.lastSeq}.json`;
}

/** Written whole, then renamed: a reader sees the file complete or not at all. */
export async function writeCheckpointFile(checkpoint: SignedCheckpoint): Promise<string> {
  const dir = chainDir(checkpoint.chainId);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, checkpointFileName(checkpoint));
  const temp = `${target}.tmp`;
  const handle = await open(temp, "w");
  try {
    await handle.writeFile(`${JSON.stringify(checkpoint, null, 2)}\n`, "utf8");
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  return target;
}

export interface StoredCheckpoints {
  /** The newest checkpoint of this chain that is authentic. */
  newest?: { file: string; checkpoint: SignedCheckpoint };
  /** Newer files that are not authentic checkpoints of this chain (someone wrote there). */
  invalid: { file: string; message: string }[];
  /** How many other chains have checkpoints in the directory. */
  otherChains: number;
}

/** How many files past invalid ones are read before giving up on finding an authentic newest. */
const MAX_READS = 20;

/**
 * The newest authentic checkpoint of this console's chain in the directory, and any newer file that
 * is not one. Nothing when the chain never started or no checkpoint was written yet.
 */
export async function storedCheckpoints(db: Db): Promise<StoredCheckpoints> {
  const keys = await storedAuditKeys(db);
  const chains = await listOrEmpty(checkpointDir());
  const otherChains = chains.filter((name) => CHAIN.test(name) && name !== keys?.chainId).length;
  if (!keys) return { invalid: [], otherChains };
  const dir = chainDir(keys.chainId);
  const names = (await listOrEmpty(dir)).filter((n) => FILE.test(n)).sort();
  const invalid: StoredCheckpoints["invalid"] = [];
  for (const name of names.reverse().slice(0, MAX_READS)) {
    const parsed = parseCheckpoint(await readFile(path.join(dir, name), "utf8").catch(() => ""));
    const authentic = parsed.ok ? await checkpointIsAuthentic(db, parsed.checkpoint) : parsed;
    if (parsed.ok && authentic.ok && parsed.checkpoint.format !== "custodian-console.audit-checkpoint/v1")
      return { newest: { file: name, checkpoint: parsed.checkpoint }, invalid, otherChains };
    invalid.push({ file: name, message: authentic.ok ? "not a signed checkpoint" : authentic.message });
  }
  return { invalid, otherChains };
}

async function listOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export async function newestCheckpoint(db: Db): Promise<SignedCheckpoint | undefined> {
  return (await storedCheckpoints(db)).newest?.checkpoint;
}
