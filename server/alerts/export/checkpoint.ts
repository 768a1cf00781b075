import "server-only";
import { z } from "zod";
import { EXPORT_FORMATS, exportResultSchema, webhookIdSchema } from "@/lib/alerts/export";
import { filtersRecordSchema } from "@/lib/alerts/filters-record";
import { CADENCES } from "@/lib/alerts/schedules";

/** What an export run is started with: stored on the run, so never a secret. */
export const exportParamsSchema = z.object({
  webhookId: webhookIdSchema,
  filters: filtersRecordSchema,
  format: z.enum(EXPORT_FORMATS),
  /** The pinned end of the range (exclusive). */
  until: z.iso.datetime(),
  startedAt: z.iso.datetime(),
  /** Who asked, for the manifest and the audit record (the role as it was then). */
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
  /** A scheduled run: its schedule and period, said in the manifest (server/alerts/schedules/). */
  schedule: z
    .object({
      scheduleId: z.uuid(),
      cadence: z.enum(CADENCES),
      timeZone: z.string(),
      periodStart: z.iso.datetime(),
      periodEnd: z.iso.datetime(),
      catchUp: z.boolean(),
    })
    .optional(),
});
export type ExportParams = z.infer<typeof exportParamsSchema>;

/** Where one slice stands: enough to continue it exactly where its part file was saved. */
export const sliceStateSchema = z.object({
  lo: z.number(),
  hi: z.number(),
  /** The upper bound the plan counted (for scheduling big slices first). */
  count: z.number().int(),
  /** The next page's cursor; null before the first page. */
  cursor: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  /** Size of the part file this state stands for. */
  bytes: z.number().int().nonnegative(),
  done: z.boolean(),
  /** Newest and oldest createdAt (ms) written so far. */
  first: z.number().nullable(),
  last: z.number().nullable(),
  /** Ids seen at `edgeAt`: rows seen again across a page boundary or a resume are dropped. */
  edge: z.array(z.string()),
  /**
   * The oldest createdAt (ms) of the range's rows seen so far, written or left out by the test switch
   * (absent in checkpoints from before the switch: `last` then, every row was written).
   */
  edgeAt: z.number().nullable().optional(),
  /** Rows of the range the test-activity switch left out (not written). */
  leftOut: z.number().int().nonnegative().default(0),
});
export type SliceState = z.infer<typeof sliceStateSchema>;

export const exportCheckpointSchema = z.discriminatedUnion("phase", [
  z.object({
    phase: z.literal("fetching"),
    pageSize: z.number().int().positive(),
    /** Slices fetched at once, chosen when the export was planned. */
    parallel: z.number().int().positive(),
    /** The upstream's total for the range, for progress. */
    total: z.number().int().nullable(),
    /** Slices newest first: part n holds slice n. */
    slices: z.array(sliceStateSchema),
  }),
  /** The file and its manifest are written; what is left is cleaning up and the audit record. */
  z.object({ phase: z.literal("done"), result: exportResultSchema }),
]);
export type ExportCheckpoint = z.infer<typeof exportCheckpointSchema>;
export type FetchingCheckpoint = Extract<ExportCheckpoint, { phase: "fetching" }>;

/**
 * The `lo` of a slice that reaches back to the first event there is (the filters have no "From"):
 * its queries leave `since` out, so no event is too old for it, whatever the plan counted.
 */
export const OPEN_START = 0;

/** The range a slice's pages ask for: an open slice leaves `since` out. */
export function sliceRange(slice: { lo: number; hi: number }): { fromMs: number | null; untilMs: number } {
  return { fromMs: slice.lo <= OPEN_START ? null : slice.lo, untilMs: slice.hi };
}

/** `knownEmpty`: a widened count of 0 proved there is nothing to fetch. */
export function freshSlice(lo: number, hi: number, count: number, knownEmpty = false): SliceState {
  return {
    lo,
    hi,
    count,
    cursor: null,
    rows: 0,
    bytes: 0,
    done: knownEmpty,
    first: null,
    last: null,
    edge: [],
    edgeAt: null,
    leftOut: 0,
  };
}
