import { opportunitiesQuerySchema } from "@/lib/yield/queries";
import { defineRoute } from "@/server/kit/define-route";
import { opportunities } from "@/server/yield/reads";

/** The yield opportunities offered to a client, filtered and sorted by reward rate. */
export const GET = defineRoute({
  permission: "yield:read",
  query: opportunitiesQuerySchema,
  run: async ({ clientId, ...filters }) => ({ items: await opportunities(clientId, filters) }),
});
