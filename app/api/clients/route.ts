import { clientsPageQuerySchema } from "@/lib/clients";
import { listClientsPage } from "@/server/clients/reads";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "clients:read",
  query: clientsPageQuerySchema,
  run: (q) => listClientsPage(q),
});
