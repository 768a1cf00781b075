import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";
import { getAllBalances } from "@/server/clients/balances";
import { getClient } from "@/server/clients/reads";
import { defineRoute } from "@/server/kit/define-route";

/** The client's balances on every chain it has a wallet on (the assets tab's "All chains"). */
export const GET = defineRoute({
  permission: "assets:read",
  query: z.object({ clientId: clientIdSchema }),
  run: async ({ clientId }) => getAllBalances(await getClient(clientId)),
});
