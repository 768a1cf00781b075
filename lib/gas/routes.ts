/** The gas area's data routes (app/api/gas/): the URL each read asks for, built in one place. */
import type { GasRange } from "./range";

/** One chain's usage as the upstream lists it. */
export const gasUsageUrl = (chainId: string) => `/api/gas/usage?chain=${encodeURIComponent(chainId)}`;

/** The usage table of some chains over a range, as CSV, for the page's clock (`asOf`, ms). */
export const gasExportUrl = (chains: readonly string[], range: GasRange, asOf: number) =>
  `/api/gas/export?${new URLSearchParams({ chains: chains.join(","), range, asOf: String(asOf) })}`;
