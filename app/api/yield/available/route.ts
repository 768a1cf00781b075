import { availableQuerySchema } from "@/lib/yield/queries";
import { defineRoute } from "@/server/kit/define-route";
import { available } from "@/server/yield/reads";

/** The client's balance of a yield's token on its network: what the Enter dialog says is available. */
export const GET = defineRoute({
  permission: "assets:read",
  query: availableQuerySchema,
  run: async ({ clientId, network, token }) => available(clientId, network, token),
});
