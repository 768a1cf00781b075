import { runIdInputSchema } from "@/lib/yield/forms";
import { defineRoute } from "@/server/kit/define-route";
import { simulateRun } from "@/server/yield/simulate-run";

/** What the run's steps would do if signed now: simulated on the chain's latest state, nothing signed. */
export const GET = defineRoute({
  permission: "yield:read",
  query: runIdInputSchema,
  run: ({ runId }) => simulateRun(runId),
});
