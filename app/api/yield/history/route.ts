import { clientQuerySchema } from "@/lib/yield/queries";
import { defineRoute } from "@/server/kit/define-route";
import { history } from "@/server/yield/reads";

/** A client's yield actions as the provider records them, newest first. */
export const GET = defineRoute({
  permission: "yield:read",
  query: clientQuerySchema,
  run: async ({ clientId }) => history(clientId),
});
