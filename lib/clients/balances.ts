/**
 * A client's balances on every chain of the assets table it has a wallet on, read in one go: which
 * chains to read, the shape the server answers with, and the rows and totals the assets tab shows.
 * Amounts are exact: raw integers in the token's smallest unit, formatted with viem's formatUnits.
 */
import { formatUnits } from "viem";
import { chainFamily, chainIdsOf, chainInfo, chainLabel, type Caip2Id } from "@/lib/chains";
import type { AssetsResponse, Client } from "@/lib/contracts";

/** How many chains the server reads at once for one view (each read also waits for the shared rate budget). */
export const BALANCE_READ_CONCURRENCY = 4;

export type ChainBalances =
  { chainId: Caip2Id; ok: true; assets: AssetsResponse } | { chainId: Caip2Id; ok: false; message: string };

export interface AllBalances {
  chains: ChainBalances[];
}

/** The assets table's chains the client has a wallet (an address) for, in the table's order. */
export function balanceChainsOf(client: Pick<Client, "metadata">): Caip2Id[] {
  const namespaces = client.metadata.namespaces as Record<string, unknown>;
  return chainIdsOf("assets").filter((id) => {
    const family = chainFamily(id);
    return family !== undefined && Boolean(namespaces[family]);
  });
}

export interface BalanceRow {
  chainId: Caip2Id;
  chain: string;
  symbol: string;
  name: string;
  raw: bigint;
  decimals: number;
  amount: string;
  contract: string | null;
}

/** Every non-zero holding of every chain that was read, native coin first within a chain. */
export function balanceRows(chains: readonly ChainBalances[]): BalanceRow[] {
  return chains.flatMap((c) => {
    if (!c.ok) return [];
    const { nativeBalance: n, tokenBalances } = c.assets;
    const all = [
      { symbol: n.symbol, name: n.name, raw: BigInt(n.rawBalance), decimals: n.decimals, contract: null },
      ...tokenBalances.map((t) => ({
        symbol: t.symbol,
        name: t.name,
        raw: BigInt(t.rawBalance),
        decimals: t.decimals,
        contract: t.metadata.tokenAddress || null,
      })),
    ];
    return all
      .filter((h) => h.raw > 0n)
      .map((h) => ({ ...h, chainId: c.chainId, chain: chainLabel(c.chainId), amount: formatUnits(h.raw, h.decimals) }));
  });
}

export interface TokenTotal {
  /** "ETH", or "ETH · testnets": test coins are never added to real ones. */
  token: string;
  amount: string;
  chains: string[];
}

/** Totals per token symbol, mainnets and testnets apart, summed exactly (scaled to the largest decimals). */
export function tokenTotals(rows: readonly BalanceRow[]): TokenTotal[] {
  const groups = new Map<string, BalanceRow[]>();
  for (const row of rows) {
    const key = `${row.symbol.toUpperCase()}${chainInfo(row.chainId)?.testnet ? " · testnets" : ""}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()].map(([token, list]) => {
    const decimals = Math.max(...list.map((r) => r.decimals));
    const sum = list.reduce((acc, r) => acc + r.raw * 10n ** BigInt(decimals - r.decimals), 0n);
    return { token, amount: formatUnits(sum, decimals), chains: [...new Set(list.map((r) => r.chain))] };
  });
}

/** Chains read successfully that hold nothing. */
export function emptyChains(chains: readonly ChainBalances[]): Caip2Id[] {
  const held = new Set(balanceRows(chains).map((r) => r.chainId));
  return chains.filter((c) => c.ok && !held.has(c.chainId)).map((c) => c.chainId);
}
