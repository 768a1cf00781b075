import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { listTestClients } from "@/server/lab/test-clients";

/** The console's test clients (no key, no share: those stay in the vault). */
export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({}),
  run: async () => ({ clients: await listTestClients() }),
});
