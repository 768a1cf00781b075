import { z } from "zod";
import { accessibleRun } from "@/server/jobs/access";
import { toJobRunView } from "@/server/jobs/view";
import { defineRoute } from "@/server/kit/define-route";

/** A job run's progress and outcome, for the page that follows it (polled while it runs). */
export const GET = defineRoute({
  permission: "signed-in",
  query: z.object({ runId: z.uuid("Unknown job") }),
  run: async ({ runId }, { user }) => toJobRunView(await accessibleRun(runId, user, "read")),
});
