"use server";
import { z } from "zod";
import { cancelJob } from "@/server/jobs";
import { accessibleRun } from "@/server/jobs/access";
import { toJobRunView } from "@/server/jobs/view";
import { defineAction } from "@/server/kit/define-action";

export const cancelJobRun = defineAction({
  action: "jobs.cancel",
  secretFields: [],
  permission: "signed-in",
  input: z.object({ runId: z.uuid("Unknown job") }),
  target: (input) => input.runId,
  run: async ({ runId }, { user }) => {
    const run = await accessibleRun(runId, user, "cancel");
    return toJobRunView(await cancelJob(run.id, { id: user.id, email: user.email }));
  },
  auditResult: (r) => ({ kind: r.kind, status: r.status }),
});
