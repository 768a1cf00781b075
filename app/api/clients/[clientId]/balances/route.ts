import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { getClient } from "@/server/clients/reads";
import { getAllBalances } from "@/server/clients/balances";
import { clientIdSchema } from "@/lib/clients";

/** The client's balances on every chain it has a wallet on (the assets tab's "All chains"). */
export const GET = defineRoute({
  permission: "assets:read",
  query: z.object({ clientId: clientIdSchema }),
  run: async ({ clientId }) => getAllBalances(await getClient(clientId)),
});
