import { clientQuerySchema } from "@/lib/yield/queries";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";
import { listRuns } from "@/server/yield/runs-store";

/** The console's runs for a client, newest first. */
export const GET = defineRoute({
  permission: "yield:read",
  query: clientQuerySchema,
  run: async ({ clientId }) => ({ runs: await listRuns(await getDb(), clientId) }),
});
