import { z } from "zod";
import { CAIP2_REGEX_SOURCE } from "@/lib/chains";
import { readTransaction } from "@/server/alerts/transaction";
import { defineRoute } from "@/server/kit/define-route";

/** A transaction as the chain has it (through the upstream's RPC gateway) and the webhook's alerts for it. */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({
    webhookId: z.string().min(1).max(100),
    hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, "expected a transaction hash: 0x and 64 hex digits"),
    chainId: z.string().regex(new RegExp(CAIP2_REGEX_SOURCE), "expected a CAIP-2 chain id"),
  }),
  run: ({ webhookId, hash, chainId }) => readTransaction(webhookId, chainId, hash),
});
