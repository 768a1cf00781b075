import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { getClient } from "@/server/clients/reads";
import { clientIdSchema } from "@/lib/clients";

export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ clientId: clientIdSchema }),
  run: ({ clientId }) => getClient(clientId),
});
