import "server-only";
import { chainInfo, chainLabel } from "@/lib/chains";
import { MONTH_NAMES, monthNumber } from "@/lib/gas/months";
import { USUAL_SPONSORED_CHAINS } from "@/lib/gas/sponsored-chains";
import type { GasThisMonth } from "@/lib/overview";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";

/** How many clients the custodian has: the total of a one-row page. */
export async function clientCount(): Promise<{ total: number }> {
  const page = await sharedAdminReads.listClients({ take: 1 });
  return { total: page.metadata.total };
}

/** The chains the overview reads gas sponsorship for. */
export const OVERVIEW_GAS_CHAINS = USUAL_SPONSORED_CHAINS;

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
