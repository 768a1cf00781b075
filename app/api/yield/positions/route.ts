import { positionsQuerySchema } from "@/lib/yield/queries";
import { defineRoute } from "@/server/kit/define-route";
import { positions } from "@/server/yield/reads";

/** A client's yield balances on the networks, with the provider's per-yield errors. */
export const GET = defineRoute({
  permission: "yield:read",
  query: positionsQuerySchema,
  run: async ({ clientId, networks }) => positions(clientId, networks),
});
