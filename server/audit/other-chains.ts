import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db";
import { parseCheckpoint } from "./checkpoint";
import { chainDir, listOrEmpty } from "./checkpoint-dir";
import { chainFolders, holdsCheckpoints } from "./checkpoint-files";
import { closingStatement, type ClosingStatement } from "./closing";

/** Another chain's folder in the checkpoint directory, and what it says. */
export interface OtherChain {
  chainId: string;
  /** What its newest checkpoint file names (read as found: the keys that signed it may be gone with the log). */
  newest: { lastSeq: number; count: number; at: string; lastAt: string | null } | null;
  closed: ClosingStatement | undefined;
}

/** Every chain other than `ownChainId` that left checkpoints in the directory. */
export async function otherChains(db: Db, ownChainId: string | undefined): Promise<OtherChain[]> {
  const found: OtherChain[] = [];
  for (const chainId of await chainFolders()) {
    if (chainId === ownChainId || !(await holdsCheckpoints(chainId))) continue;
    found.push({ chainId, newest: await newestAsFound(chainId), closed: await closingStatement(chainId) });
  }
  return found;
}

async function newestAsFound(chainId: string): Promise<OtherChain["newest"]> {
  const names = (await listOrEmpty(chainDir(chainId))).filter((n) => n.startsWith("audit-checkpoint-")).sort();
  for (const name of names.reverse()) {
    const parsed = parseCheckpoint(await readFile(path.join(chainDir(chainId), name), "utf8").catch(() => ""));
    if (parsed.ok && parsed.checkpoint.format === "custodian-console.audit-checkpoint/v2") {
      const { lastSeq, count, at, lastAt } = parsed.checkpoint;
      return { lastSeq, count, at, lastAt };
    }
  }
  return null;
}

/** "chain 3f2a… (its newest checkpoint, of 2026-11-21 09:30:00 UTC, names 41 records up to #41)". */
export function describeChain(chain: OtherChain): string {
  const id = `chain ${chain.chainId.slice(0, 8)}…`;
  if (!chain.newest) return `${id} (its checkpoint files could not be read)`;
  const at = `${new Date(chain.newest.at).toISOString().replace("T", " ").slice(0, 19)} UTC`;
  return `${id} (its newest checkpoint, of ${at}, names ${chain.newest.count} records up to #${chain.newest.lastSeq})`;
}
