import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { listEjectRequests } from "@/server/ejects";
import { clientIdSchema } from "@/lib/clients";

export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ clientId: clientIdSchema }),
  run: async ({ clientId }) => ({ requests: await listEjectRequests(clientId) }),
});
