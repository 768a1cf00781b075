import { assetsQuerySchema } from "@/lib/clients";
import { getClientAssets } from "@/server/clients/reads";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "assets:read",
  query: assetsQuerySchema,
  run: ({ clientId, chain }) => getClientAssets(clientId, chain),
});
