/**
 * Rebuilds a chain from its journal (journal.ts) on a fresh provider that holds only the genesis
 * contracts: the same raw transactions in the same blocks, at the same block numbers and timestamps,
 * so transaction hashes and receipts are what they were before the restart.
 */
import { type Address, type Hex, toHex } from "viem";
import type { Requester } from "./fees";
import type { JournalEntry } from "./journal";

export interface ReplayResult {
  blocks: number;
  /** Entries the chain refused this time (a state edit or transaction that no longer applies). */
  rejected: number;
  funded: Address[];
  clockOffset: number;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function latest(request: Requester): Promise<{ number: number; timestamp: number }> {
  const block = (await request("eth_getBlockByNumber", ["latest", false])) as { number: Hex; timestamp: Hex };
  return { number: Number(block.number), timestamp: Number(block.timestamp) };
}

export async function replayJournal(request: Requester, entries: JournalEntry[]): Promise<ReplayResult> {
  const result: ReplayResult = { blocks: 0, rejected: 0, funded: [], clockOffset: 0 };
  if (!entries.some((e) => e.t !== "genesis")) return result;
  await request("evm_setAutomine", [false]);
  for (const entry of entries) {
    if (entry.t === "funded") result.funded.push(entry.address);
    else if (entry.t === "clock") result.clockOffset = entry.offset;
    else if (entry.t === "state") await request(entry.method, entry.params).catch(() => result.rejected++);
    else if (entry.t === "block") {
      const head = await latest(request);
      // Empty blocks (interval mining, evm_mine) are not journaled; mining the gap keeps block numbers.
      if (entry.n > head.number + 1) await request("hardhat_mine", [toHex(entry.n - head.number - 1), "0x0"]);
      for (const raw of entry.txs) await request("eth_sendRawTransaction", [raw]).catch(() => result.rejected++);
      const parent = await latest(request);
      await request("evm_mine", [Math.max(entry.ts, parent.timestamp)]);
      result.blocks++;
    }
  }
  // Replay leaves the clock at the last replayed block; move it to now (plus any time a developer added).
  const last = await latest(request);
  const target = nowSeconds() + result.clockOffset;
  if (target > last.timestamp) await request("evm_increaseTime", [target - last.timestamp]);
  await request("evm_setAutomine", [true]);
  return result;
}
