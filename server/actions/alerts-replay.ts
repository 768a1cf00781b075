"use server";
import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { filtersRecord } from "@/lib/alerts/filters";
import type { ReplayAllResult, ReplayDryRun } from "@/lib/alerts/replay";
import type { JobRunView } from "@/lib/jobs";
import { eventFiltersQuerySchema } from "@/server/alerts/filters-input";
import { replayDryRun } from "@/server/alerts/replay/dry-run";
import { queueReplayAll } from "@/server/alerts/replay/start";
import { defineAction } from "@/server/kit/define-action";

/**
 * What "replay all failed" would replay: the count (the upstream's total of failed events matching
 * the page's filters), the newest 20, the pinned end of the range, and the text to type when the
 * count is above the threshold.
 */
export const replayAllDryRun = defineAction({
  action: "alerts.replay-all-preview",
  secretFields: [],
  permission: "alerts:replay",
  input: z.object({ webhookId: webhookIdSchema, filters: eventFiltersQuerySchema }),
  target: (input) => input.webhookId,
  auditInput: (input) => ({ webhookId: input.webhookId, filters: filtersRecord(input.filters) }),
  run: async (input): Promise<ReplayDryRun> => replayDryRun(input.webhookId, input.filters),
  auditResult: (dry) => ({ count: dry.count, until: dry.until }),
});

/**
 * Starts "replay all failed" for the dry run's range (`until` from the dry run). Above 500 events
 * `confirm` must be the dry run's `confirmation` text for the count the server finds now.
 */
export const startReplayAll = defineAction({
  action: "alerts.replay-all-start",
  secretFields: [],
  permission: "alerts:replay",
  input: z.object({
    webhookId: webhookIdSchema,
    filters: eventFiltersQuerySchema,
    until: z.iso.datetime({ message: "Run the dry run again" }),
    confirm: z.string().max(100).optional(),
  }),
  target: (input) => input.webhookId,
  auditInput: (input) => ({
    webhookId: input.webhookId,
    filters: filtersRecord(input.filters),
    until: input.until,
    confirm: input.confirm,
  }),
  run: async (input, { user }): Promise<JobRunView<ReplayAllResult>> =>
    (await queueReplayAll(user, { ...input, until: new Date(input.until) })).run,
  auditResult: (run) => ({ runId: run.id, status: run.status }),
});
