/** The gas routes' queries, checked on the server before anything reaches the upstream. */
import { z } from "zod";
import { GAS_RANGES } from "./range";
import { GAS_CHAINS, MAX_GAS_CHAINS } from "./search-params";

export const gasChainSchema = z
  .string()
  .refine((c) => GAS_CHAINS.includes(c), "not an EVM chain the console offers (an eip155 CAIP-2 id of the spec)");

export const gasUsageQuerySchema = z.object({ chain: gasChainSchema });

export const gasExportQuerySchema = z.object({
  /** Comma-separated, in the order the page shows them. */
  chains: z
    .string()
    .transform((s) => [...new Set(s.split(",").filter(Boolean))])
    .pipe(z.array(gasChainSchema).min(1, "choose at least one chain").max(MAX_GAS_CHAINS)),
  range: z.enum(GAS_RANGES),
  /** The page's clock (ms): the export covers the same months as the page, even across a month's end. */
  asOf: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional(),
});
