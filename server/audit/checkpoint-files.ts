import "server-only";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { checkpointIsAuthentic, parseCheckpoint, type SignedCheckpoint } from "./checkpoint";
import { chainDir, checkpointDir, CLOSING_FILE, listOrEmpty, writeFileWhole } from "./checkpoint-dir";
import { storedAuditKeys } from "./keys";

/**
 * The checkpoint files of a chain: audit-checkpoint-<time>-<last sequence>.json in the chain's folder,
 * named so that the newest sorts last. Newest means made last, not highest sequence: after a restore
 * from a backup, acknowledged, the sequence may go back.
 */
const FILE = /^audit-checkpoint-\d{4}-\d\d-\d\dT[0-9-]+Z-\d+\.json$/;
export const CHAIN_ID = /^[0-9a-f]{32}$/;

export function checkpointFileName(checkpoint: SignedCheckpoint): string {
  const stamp = checkpoint.at.replace(/[:.]/g, "-");
  return `audit-checkpoint-${stamp}-${checkpoint.lastSeq}.json`;
}

export async function writeCheckpointFile(checkpoint: SignedCheckpoint): Promise<string> {
  const target = path.join(chainDir(checkpoint.chainId), checkpointFileName(checkpoint));
  await writeFileWhole(target, `${JSON.stringify(checkpoint, null, 2)}\n`);
  forgetChainState(checkpoint.chainId);
  return target;
}

export interface StoredCheckpoints {
  /** Every authentic checkpoint of this chain, oldest first: Verify holds the log to each of them. */
  all: SignedCheckpoint[];
  /** The newest of them. */
  newest?: { file: string; checkpoint: SignedCheckpoint };
  /** Files that are not authentic checkpoints of this chain (someone wrote there). */
  invalid: { file: string; message: string }[];
}

type Reading = { ok: true; checkpoint: SignedCheckpoint } | { ok: false; message: string };

/**
 * What each file was found to be, by path, size and modification time: a checkpoint file is never
 * rewritten, so each is read and its signature checked once per process, not on every Verify.
 */
const readings = new Map<string, Reading>();

async function readCheckpointFile(db: Db, file: string): Promise<Reading> {
  const facts = await stat(file).catch(() => undefined);
  const key = `${file}|${facts?.size}|${facts?.mtimeMs}`;
  const known = readings.get(key);
  if (known) return known;
  const parsed = parseCheckpoint(await readFile(file, "utf8").catch(() => ""));
  let reading: Reading;
  if (!parsed.ok) reading = parsed;
  else if (parsed.checkpoint.format !== "custodian-console.audit-checkpoint/v2")
    reading = { ok: false, message: "not a signed checkpoint" };
  else {
    const authentic = await checkpointIsAuthentic(db, parsed.checkpoint);
    reading = authentic.ok ? { ok: true, checkpoint: parsed.checkpoint } : authentic;
  }
  // Only what held is kept: a key published later may make a file readable that was not.
  if (reading.ok) readings.set(key, reading);
  return reading;
}

/** Every checkpoint of this console's chain in the directory; nothing when the chain never started. */
export async function storedCheckpoints(db: Db): Promise<StoredCheckpoints> {
  const keys = await storedAuditKeys(db);
  if (!keys) return { all: [], invalid: [] };
  return chainCheckpoints(db, keys.chainId);
}

export async function chainCheckpoints(db: Db, chainId: string): Promise<StoredCheckpoints> {
  const dir = chainDir(chainId);
  const names = (await listOrEmpty(dir)).filter((n) => FILE.test(n)).sort();
  const all: SignedCheckpoint[] = [];
  const invalid: StoredCheckpoints["invalid"] = [];
  let last: StoredCheckpoints["newest"];
  for (const name of names) {
    const reading = await readCheckpointFile(db, path.join(dir, name));
    if (!reading.ok) {
      invalid.push({ file: name, message: reading.message });
      continue;
    }
    if (reading.checkpoint.chainId !== chainId) {
      invalid.push({ file: name, message: "it names another chain" });
      continue;
    }
    all.push(reading.checkpoint);
    last = { file: name, checkpoint: reading.checkpoint };
  }
  return { all, newest: last, invalid };
}

/** The chain folders in the directory, by id. */
export async function chainFolders(): Promise<string[]> {
  return (await listOrEmpty(checkpointDir())).filter((name) => CHAIN_ID.test(name)).sort();
}

/** Whether the folder holds any file named as a checkpoint, authentic or not. */
export async function holdsCheckpoints(chainId: string): Promise<boolean> {
  return (await listOrEmpty(chainDir(chainId))).some((n) => FILE.test(n));
}

export interface ChainState {
  newest: SignedCheckpoint | undefined;
  /** The chain has a closing statement: it ended (moved to another database, or lost). */
  closed: boolean;
}

// Per chain, kept KEEP_MS.checkpointFiles: every append compares the head with the newest checkpoint.
const states = keptFor<ChainState>({ keepMs: KEEP_MS.checkpointFiles, failedMs: 0 });

/** The newest authentic checkpoint of the chain and whether it was closed, read at most once a second per process. */
export function chainState(db: Db, chainId: string): Promise<ChainState> {
  return states.get(chainId, async () => ({
    newest: (await chainCheckpoints(db, chainId)).newest?.checkpoint,
    closed: (await listOrEmpty(chainDir(chainId))).includes(CLOSING_FILE),
  }));
}

/** What this process read of a chain's folder is stale: it just wrote there. */
export function forgetChainState(chainId: string): void {
  states.forget(chainId);
}
