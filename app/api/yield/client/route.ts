import { clientQuerySchema } from "@/lib/yield/queries";
import { defineRoute } from "@/server/kit/define-route";
import { yieldClient } from "@/server/yield/reads";

/** The client as the yield pages need it: its EVM address and whether the console can act for it. */
export const GET = defineRoute({
  permission: "yield:read",
  query: clientQuerySchema,
  run: async ({ clientId }) => yieldClient(clientId),
});
