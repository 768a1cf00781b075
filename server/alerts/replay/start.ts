import "server-only";
import { filtersRecord, type ValidFilters } from "@/lib/alerts/filters";
import { replayConfirmationText, type ReplayAllResult } from "@/lib/alerts/replay";
import type { JobRunView } from "@/lib/jobs";
import type { StaffUser } from "@/server/auth/users";
import { AppError } from "@/server/errors";
import { startJob } from "@/server/jobs";
import { singletonKey } from "@/server/jobs/singleton-key";
import { toJobRunView } from "@/server/jobs/view";
import { requireWebhook } from "../webhooks";
import { replayDryRun } from "./dry-run";
import { alertsReplayAllJob } from "./job";
import type { ReplayParams } from "./params";

export interface StartReplayInput {
  webhookId: string;
  filters: ValidFilters;
  /** The dry run's `until`; never later than now or the filters' end. */
  until: Date;
  confirm?: string;
}

/**
 * Queues "replay all failed" for the dry run's range. The count is taken again here, on the
 * server: above the threshold the input must carry the confirmation text for *this* count, so a
 * set that grew since the dry run is confirmed again, and a client that skips the dialog gets
 * nowhere. One run per webhook and filters at a time, whoever starts it.
 */
export async function queueReplayAll(
  user: StaffUser,
  input: StartReplayInput,
  now = new Date(),
): Promise<{ run: JobRunView<ReplayAllResult>; created: boolean; count: number }> {
  await requireWebhook(input.webhookId);
  const dry = await replayDryRun(input.webhookId, input.filters, { now, until: input.until });
  if (dry.count === 0)
    throw new AppError("VALIDATION", "No failed event matches these filters: there is nothing to replay.", {
      filters: "No failed event matches these filters",
    });
  if (dry.confirmation !== null && input.confirm?.trim() !== dry.confirmation)
    throw new AppError(
      "VALIDATION",
      `Replaying ${dry.count.toLocaleString("en")} events needs a confirmation: type ${replayConfirmationText(dry.count)}.`,
      { confirm: `Type ${dry.confirmation} to replay ${dry.count.toLocaleString("en")} events` },
    );
  const filters = filtersRecord(input.filters);
  const params: ReplayParams = {
    webhookId: input.webhookId,
    filters,
    until: dry.until,
    confirmedCount: dry.count,
    actor: { id: user.id, email: user.email, role: user.role },
  };
  const { run, created } = await startJob(alertsReplayAllJob, params, {
    startedBy: { id: user.id, email: user.email },
    singletonKey: singletonKey("replay-all", { webhookId: input.webhookId, filters }),
  });
  return { run: toJobRunView<ReplayAllResult>(run), created, count: dry.count };
}
