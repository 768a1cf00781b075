import { defineRoute } from "@/server/kit/define-route";
import { listClientsPage } from "@/server/clients/reads";
import { clientsPageQuerySchema } from "@/lib/clients";

export const GET = defineRoute({
  permission: "clients:read",
  query: clientsPageQuerySchema,
  run: (q) => listClientsPage(q),
});
