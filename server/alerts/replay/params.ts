import "server-only";
import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { filtersRecordSchema } from "@/lib/alerts/filters-record";

/** What a replay-all run is started with (kept with the job, so a takeover replays exactly this). */
export const replayParamsSchema = z.object({
  webhookId: webhookIdSchema,
  filters: filtersRecordSchema,
  /** The pinned end of the range (exclusive), as the dry run showed it. */
  until: z.iso.datetime(),
  /** What the dry run counted when the user confirmed (for the record). */
  confirmedCount: z.number().int().nonnegative(),
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
});
export type ReplayParams = z.infer<typeof replayParamsSchema>;
