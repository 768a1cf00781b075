"use server";
import { abandonInputSchema, previewInputSchema, runIdInputSchema } from "@/lib/yield/forms";
import { defineAction } from "@/server/kit/define-action";
import { abandonRun, retryRun, startRun } from "@/server/yield/control";
import { previewAction } from "@/server/yield/preview";

/**
 * Asks the provider for an enter, exit or manage action for a test client and keeps its
 * transactions as a run to preview; nothing is signed.
 */
export const previewYieldRun = defineAction({
  action: "yield.preview",
  secretFields: [],
  permission: "yield:act",
  input: previewInputSchema,
  run: async (input, { user }) => previewAction(user, input),
  target: (input) => input.clientId,
  auditResult: (run) => ({ runId: run.id, actionId: run.actionId, steps: run.steps.length }),
});

/** Starts a previewed run: a job on the server signs, reports and confirms each step in order. */
export const startYieldRun = defineAction({
  action: "yield.start",
  secretFields: [],
  permission: "yield:act",
  input: runIdInputSchema,
  run: async ({ runId }, { user }) => startRun(user, runId),
  target: (input, run) => run?.clientId ?? input.runId,
  auditResult: (run) => ({ runId: run.id, jobRunId: run.jobRunId }),
});

/** Starts a failed run again from the part of the step that failed. */
export const retryYieldRun = defineAction({
  action: "yield.retry",
  secretFields: [],
  permission: "yield:act",
  input: runIdInputSchema,
  run: async ({ runId }, { user }) => retryRun(user, runId),
  target: (input, run) => run?.clientId ?? input.runId,
  auditResult: (run) => ({ runId: run.id, jobRunId: run.jobRunId }),
});

/** Gives a run up; what was confirmed stays on chain. */
export const abandonYieldRun = defineAction({
  action: "yield.abandon",
  secretFields: [],
  permission: "yield:act",
  input: abandonInputSchema,
  run: async ({ runId, reason }, { user }) => abandonRun(user, runId, reason),
  target: (input, run) => run?.clientId ?? input.runId,
  auditResult: (run) => ({ runId: run.id }),
});
