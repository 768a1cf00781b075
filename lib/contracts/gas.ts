/**
 * Custodian administration: gas-sponsorship usage per chain (api-shapes §1.12).
 */
import { z } from "zod";
import { caip2Schema } from "./common";

export const gasUsageParamsSchema = z.object({ chainId: caip2Schema });

export const gasUsageMonthSchema = z.looseObject({
  /** English month name, e.g. "June". */
  month: z.string(),
  year: z.number().int(),
  /** Decimal string in the chain's native units. */
  usage: z.string(),
  txCount: z.number().int(),
});

export const gasUsageResponseSchema = z.looseObject({
  /** The sponsor (paymaster) address. */
  address: z.string(),
  chainId: z.string(),
  /** Newest month first. */
  usageData: z.array(gasUsageMonthSchema),
  totalUsage: z.string(),
  totalTxsSponsored: z.number().int(),
});
export type GasUsageResponse = z.infer<typeof gasUsageResponseSchema>;
