import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";
import { listEjectRequests } from "@/server/ejects";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ clientId: clientIdSchema }),
  run: async ({ clientId }) => ({ requests: await listEjectRequests(clientId) }),
});
