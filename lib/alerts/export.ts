/**
 * Compliance exports of a webhook's events, as the browser and the server both see them: the
 * formats, the manifest written beside every file, and what a finished export run holds. The
 * manifest is the proof of what was exported; its shape is versioned and checked on read.
 */
import { z } from "zod";
import type { JobRunView } from "@/lib/jobs";
import { evidenceSignatureSchema } from "../evidence/schema";
import { EXPORT_FORMATS, type ExportFormat } from "./export-formats";
import { filtersRecordSchema, type FiltersRecord } from "./filters-record";
import { CADENCES } from "./schedules";
import { TEST_MODES } from "./test-activity";

export { EXPORT_FORMATS, type ExportFormat } from "./export-formats";

/** The CSV columns, in order; transactionHashes are space-separated. */
export const EXPORT_CSV_COLUMNS = [
  "id",
  "createdAt",
  "updatedAt",
  "type",
  "chainId",
  "blockNumber",
  "transactionHashes",
  "deliveryStatus",
  "retries",
  "errorMessage",
  "confirmed",
] as const;

/** A webhook id as the console accepts it in its own inputs (the spec only says "a string"). */
export const webhookIdSchema = z
  .string()
  .min(1, "Choose a webhook")
  .max(200, "Not a webhook id")
  .regex(/^[A-Za-z0-9._:-]+$/, "Not a webhook id");

const offsetIso = z.iso.datetime({ offset: true });

const manifestBase = {
  kind: z.literal("alerts.export"),
  runId: z.string(),
  webhookId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  file: z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  filters: filtersRecordSchema,
  timeZone: z.string(),
  /**
   * The instants the file covers: every event with from ≤ createdAt < until (from null: since the
   * first event). `until` is pinned when the export starts, so events that arrive later are outside.
   */
  range: z.object({ from: offsetIso.nullable(), until: offsetIso }),
  rows: z.number().int(),
  order: z.literal("newest-first"),
  generatedBy: z.object({ id: z.string(), email: z.string() }),
  startedAt: offsetIso,
  generatedAt: offsetIso,
  /** Which upstream the rows came from: its label and base URL, never a key. */
  upstream: z.object({ mode: z.enum(["sandbox", "real"]), label: z.string(), baseUrl: z.string() }),
  console: z.object({ version: z.string() }),
  /** A scheduled run's schedule and period (server/alerts/schedules/); absent on an export a person started. */
  schedule: z
    .object({
      scheduleId: z.string(),
      cadence: z.enum(CADENCES),
      timeZone: z.string(),
      period: z.object({ start: offsetIso, end: offsetIso }),
      /** Started after its period had long ended, by a console catching up after downtime. */
      catchUp: z.boolean(),
    })
    .optional(),
  /** Ed25519 over the rest (lib/evidence/signature.ts); absent only on manifests written before signing. */
  signature: evidenceSignatureSchema.optional(),
};

/**
 * Version 1, still read and verified: rows run newest first, and `firstEventAt` is the newest createdAt in
 * the file, `lastEventAt` the oldest (named for the file's order, which a reviewer misread as a range).
 */
const exportManifestV1Schema = z.object({
  manifestVersion: z.literal(1),
  ...manifestBase,
  firstEventAt: offsetIso.nullable(),
  lastEventAt: offsetIso.nullable(),
});

/**
 * Version 2: the range named for what it holds (oldest ≤ newest, both createdAt of rows in the file, null
 * for an empty file), and what the test-activity switch did: its mode and how many events of the range it
 * left out (test activity under "exclude", every other event under "only").
 */
const exportManifestV2Schema = z.object({
  manifestVersion: z.literal(2),
  ...manifestBase,
  oldestEventAt: offsetIso.nullable(),
  newestEventAt: offsetIso.nullable(),
  testActivity: z.object({ mode: z.enum(TEST_MODES), leftOut: z.number().int().nonnegative() }),
});

export const exportManifestSchema = z.discriminatedUnion("manifestVersion", [
  exportManifestV1Schema,
  exportManifestV2Schema,
]);
export type ExportManifest = z.infer<typeof exportManifestSchema>;
export type ExportManifestV2 = z.infer<typeof exportManifestV2Schema>;

/** What a finished export run holds as its result (JobRunView<ExportResult>). */
export const exportResultSchema = z.object({
  fileName: z.string(),
  format: z.enum(EXPORT_FORMATS),
  rows: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  /** After this the file is deleted and the download answers 404. */
  expiresAt: z.iso.datetime(),
  manifest: exportManifestSchema,
});
export type ExportResult = z.infer<typeof exportResultSchema>;

/** An export run as the events page lists it: the run, and what it was asked to export. */
export interface ExportRunView extends JobRunView<ExportResult> {
  request: { webhookId: string; format: ExportFormat; filters: FiltersRecord; until: string };
}
