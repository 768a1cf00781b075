import { defineRoute } from "@/server/kit/define-route";
import { getClientAssets } from "@/server/clients/reads";
import { assetsQuerySchema } from "@/lib/clients";

export const GET = defineRoute({
  permission: "assets:read",
  query: assetsQuerySchema,
  run: ({ clientId, chain }) => getClientAssets(clientId, chain),
});
