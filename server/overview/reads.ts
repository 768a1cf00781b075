import "server-only";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";
import { chainInfo, chainLabel } from "@/lib/chains";
import type { GasThisMonth } from "@/lib/overview";
import { MONTH_NAMES, monthNumber } from "@/lib/gas/months";

/** How many clients the custodian has: the total of a one-row page. */
export async function clientCount(): Promise<{ total: number }> {
  const page = await sharedAdminReads.listClients({ take: 1 });
  return { total: page.metadata.total };
}

/**
 * The chains the overview reads gas sponsorship for: the spec's EVM chains where custodians usually
 * sponsor account-abstracted transactions. /gas reads any chain; the overview keeps to these so the
 * first page after sign-in costs a bounded number of upstream requests.
 */
export const OVERVIEW_GAS_CHAINS = [
  "eip155:1",
  "eip155:11155111",
  "eip155:8453",
  "eip155:84532",
  "eip155:137",
  "eip155:80002",
  "eip155:42161",
  "eip155:10",
] as const;

/** Gas sponsored so far this month (UTC), per chain that sponsored any; a chain that cannot be read is named. */
export async function gasThisMonth(now = new Date()): Promise<GasThisMonth> {
  const month = MONTH_NAMES[now.getUTCMonth()] as string;
  const year = now.getUTCFullYear();
  const results = await Promise.all(
    OVERVIEW_GAS_CHAINS.map(async (chainId) => {
      try {
        const usage = await sharedAdminReads.gasUsage(chainId);
        const current = usage.usageData.find((m) => monthNumber(m.month) === now.getUTCMonth() + 1 && m.year === year);
        return {
          chainId,
          label: chainLabel(chainId),
          symbol: chainInfo(chainId)?.nativeSymbol ?? "",
          usage: current?.usage ?? "0",
          txCount: current?.txCount ?? 0,
          ok: true as const,
        };
      } catch {
        return { chainId, label: chainLabel(chainId), ok: false as const };
      }
    }),
  );
  return {
    month: `${month} ${year}`,
    chains: results.flatMap((r) =>
      r.ok && r.txCount > 0
        ? [{ chainId: r.chainId, label: r.label, symbol: r.symbol, usage: r.usage, txCount: r.txCount }]
        : [],
    ),
    unreadable: results.flatMap((r) => (r.ok ? [] : [r.chainId])),
  };
}
