/**
 * The append-only record of one chain's state changes, replayed on start because hardhat 2 cannot dump
 * or load its state. One JSON object per line; a torn last line (a crash mid-write) is ignored.
 *
 * - `genesis`: the chain's genesis time, so a restarted chain's blocks keep increasing timestamps, and the
 *   height it was started at (`head`, empty blocks mined at once before the genesis contracts; absent: 0).
 * - `block`: a mined block that carried transactions, with the raw signed transactions in block order.
 *   Empty blocks are not written; replay fills the gap so block numbers stay the same.
 * - `state`: a developer state edit (hardhat_setBalance, …), replayed before the next block.
 * - `clock`: the chain clock's offset from the wall clock after a time method (evm_increaseTime, …).
 * - `funded`: the faucet paid this address on this chain.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Address, Hex } from "viem";

export type JournalEntry =
  | { t: "genesis"; ts: number; head?: number }
  | { t: "block"; n: number; ts: number; txs: Hex[] }
  | { t: "state"; method: string; params: unknown[] }
  | { t: "clock"; offset: number }
  | { t: "funded"; address: Address };

export class Journal {
  /** `file` undefined keeps nothing: the chain lives only as long as the process (tests, or no data dir). */
  constructor(private readonly file: string | undefined) {
    if (file) mkdirSync(dirname(file), { recursive: true });
  }

  read(): JournalEntry[] {
    if (!this.file || !existsSync(this.file)) return [];
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      try {
        entries.push(JSON.parse(line) as JournalEntry);
      } catch {
        break;
      }
    }
    return entries;
  }

  /** Synchronous, so entries land in the order the chain produced them, even from concurrent callers. */
  append(entry: JournalEntry): void {
    if (this.file) appendFileSync(this.file, `${JSON.stringify(entry)}\n`);
  }
}
