/**
 * Gas-sponsorship usage per chain and month (api-shapes §1.12): seeded history for the chains the
 * custodian sponsors on, plus whatever real sponsored operations add (the bundler, sandbox/aa, calls
 * recordSponsoredOperation for every operation the sandbox paymaster paid for). Only the live
 * additions are saved; the history is regenerated.
 */
import { formatUnits } from "viem";
import type { GasUsageResponse } from "@/lib/contracts";
import { MONTH_NAMES } from "@/lib/gas/months";
import { USUAL_SPONSORED_CHAINS } from "@/lib/gas/sponsored-chains";
import { PAYMASTER } from "../aa/addresses";
import { nativeTokenOf } from "../admin/native-tokens";
import { createRng } from "../seed/prng";
import type { PersistedSection } from "../state/state-file";

/** Chains with seeded sponsorship history: the account-abstraction chains a typical custodian uses. */
export const SEEDED_SPONSOR_CHAINS: readonly string[] = USUAL_SPONSORED_CHAINS;
const HISTORY_MONTHS = 12;

interface MonthUsage {
  usageWei: bigint;
  txCount: number;
}

/** "2026-06" style keys sort chronologically as strings. */
const monthKey = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
};

export interface SponsoredOperation {
  chainId: string;
  /** Gas paid by the sponsor, in the chain's smallest unit (wei). */
  costWei: bigint;
  at?: number;
}

export class GasUsageLedger implements PersistedSection {
  private readonly seeded = new Map<string, Map<string, MonthUsage>>();
  private readonly live = new Map<string, Map<string, MonthUsage>>();
  readonly sponsorAddress: `0x${string}`;

  constructor(
    seed: string,
    anchorMs: number,
    private readonly onChange: () => void = () => {},
    private readonly now: () => number = Date.now,
  ) {
    // The sandbox paymaster contract (same address on every chain) is the sponsor of every operation.
    this.sponsorAddress = PAYMASTER;
    for (const chainId of SEEDED_SPONSOR_CHAINS) {
      const rng = createRng(`${seed}:gas:${chainId}`);
      const testnet = /11155111|84532|80002/.test(chainId);
      const months = new Map<string, MonthUsage>();
      const anchor = new Date(anchorMs);
      // Sponsorship starts some months into the history, then grows.
      const startAt = rng.int(4);
      for (let m = HISTORY_MONTHS - 1; m >= 0; m--) {
        if (HISTORY_MONTHS - 1 - m < startAt) continue;
        const at = Date.UTC(anchor.getUTCFullYear(), anchor.getUTCMonth() - m, 15);
        const txCount = Math.floor((testnet ? 300 : 60) * (0.3 + rng.next()) * (1 + (HISTORY_MONTHS - m) / 6));
        const perTxGwei = testnet ? 20_000 + rng.int(80_000) : 2_000 + rng.int(40_000);
        months.set(monthKey(at), { txCount, usageWei: BigInt(txCount) * BigInt(perTxGwei) * 1_000_000_000n });
      }
      this.seeded.set(chainId, months);
    }
  }

  /** Adds a real sponsored operation to its chain's month. */
  recordSponsoredOperation({ chainId, costWei, at = this.now() }: SponsoredOperation): void {
    const months = this.live.get(chainId) ?? new Map<string, MonthUsage>();
    const key = monthKey(at);
    const month = months.get(key) ?? { usageWei: 0n, txCount: 0 };
    months.set(key, { usageWei: month.usageWei + costWei, txCount: month.txCount + 1 });
    this.live.set(chainId, months);
    this.onChange();
  }

  /** Usage of one chain, newest month first, months without sponsored transactions left out. */
  report(chainId: string): GasUsageResponse {
    const merged = new Map<string, MonthUsage>();
    for (const source of [this.seeded.get(chainId), this.live.get(chainId)]) {
      for (const [key, m] of source ?? []) {
        const prev = merged.get(key) ?? { usageWei: 0n, txCount: 0 };
        merged.set(key, { usageWei: prev.usageWei + m.usageWei, txCount: prev.txCount + m.txCount });
      }
    }
    const { decimals } = nativeTokenOf(chainId);
    const keys = [...merged.keys()]
      .filter((k) => (merged.get(k) as MonthUsage).txCount > 0)
      .sort()
      .reverse();
    let totalWei = 0n;
    let totalTx = 0;
    const usageData = keys.map((key) => {
      const m = merged.get(key) as MonthUsage;
      totalWei += m.usageWei;
      totalTx += m.txCount;
      const [year, month] = key.split("-").map(Number) as [number, number];
      return {
        month: MONTH_NAMES[month - 1] as string,
        year,
        usage: formatUnits(m.usageWei, decimals),
        txCount: m.txCount,
      };
    });
    return {
      address: this.sponsorAddress,
      chainId,
      usageData,
      totalUsage: formatUnits(totalWei, decimals),
      totalTxsSponsored: totalTx,
    };
  }

  dump(): Record<string, Record<string, { usageWei: string; txCount: number }>> {
    const out: Record<string, Record<string, { usageWei: string; txCount: number }>> = {};
    for (const [chainId, months] of this.live)
      out[chainId] = Object.fromEntries(
        [...months].map(([k, m]) => [k, { usageWei: m.usageWei.toString(), txCount: m.txCount }]),
      );
    return out;
  }

  load(data: unknown): void {
    for (const [chainId, months] of Object.entries(
      (data ?? {}) as Record<string, Record<string, { usageWei: string; txCount: number }>>,
    )) {
      this.live.set(
        chainId,
        new Map(Object.entries(months).map(([k, m]) => [k, { usageWei: BigInt(m.usageWei), txCount: m.txCount }])),
      );
    }
  }
}
