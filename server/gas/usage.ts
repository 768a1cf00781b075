import "server-only";
import { chainLabel } from "@/lib/chains";
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { readHistory } from "@/lib/gas/history";
import { AppError } from "@/server/errors";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";

/**
 * One chain's gas-sponsorship usage from the upstream, checked beyond its schema: month names the
 * console can order and amounts it can add exactly. An answer that fails this is an upstream error
 * with the reason, so the page shows it instead of a wrong chart.
 */
export async function gasUsage(chainId: string): Promise<GasUsageResponse> {
  const response = await sharedAdminReads.gasUsage(chainId);
  const read = readHistory(response);
  if (!read.ok)
    throw new AppError(
      "UPSTREAM",
      `The upstream's gas usage on ${chainLabel(chainId)} could not be read: ${read.message}.`,
    );
  return response;
}
