import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";
import { getClient } from "@/server/clients/reads";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ clientId: clientIdSchema }),
  run: ({ clientId }) => getClient(clientId),
});
