import { runIdInputSchema } from "@/lib/yield/forms";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";
import { getRunView } from "@/server/yield/runs-store";

/** One run with each step's progress, polled by its page while it runs. */
export const GET = defineRoute({
  permission: "yield:read",
  query: runIdInputSchema,
  run: async ({ runId }) => getRunView(await getDb(), runId),
});
