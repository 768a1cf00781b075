import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";
import { getClientView } from "@/server/clients/reads";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ clientId: clientIdSchema }),
  run: ({ clientId }) => getClientView(clientId),
});
