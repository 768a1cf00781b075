/**
 * Exports of the console's own audit log, as the browser and the server both see them: the signed
 * manifest written beside every file and what a finished export run holds. The manifest is the
 * proof of what was exported; anyone with the console's public key can check it
 * (lib/evidence/signature.ts, `npm run verify-export`, /audit/verify).
 */
import { z } from "zod";
import { evidenceSignatureSchema } from "../evidence/schema";
import type { JobRunView } from "../jobs";

const offsetIso = z.iso.datetime({ offset: true });
const optional = z.string().optional();

/** The filters as stored on the run and in the manifest (already checked by auditFiltersSchema). */
export const auditExportFiltersSchema = z.object({
  actor: optional,
  action: optional,
  outcome: optional,
  errorCode: optional,
  from: optional,
  to: optional,
});
export type AuditExportFilters = z.infer<typeof auditExportFiltersSchema>;

export const auditExportManifestSchema = z.object({
  manifestVersion: z.literal(1),
  kind: z.literal("audit.export"),
  runId: z.string(),
  format: z.literal("csv"),
  file: z.object({ name: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  filters: auditExportFiltersSchema,
  rows: z.number().int(),
  order: z.literal("newest-first"),
  /** The newest and the oldest record in the file (null for an empty file). */
  records: z
    .object({ newestSeq: z.number().int(), newestAt: offsetIso, oldestSeq: z.number().int(), oldestAt: offsetIso })
    .nullable(),
  /**
   * The chain as Verify found it while the export ran: its last record, that record's seal, its count,
   * and `verdict`, "intact" or what is wrong.
   */
  chain: z.object({
    chainId: z.string().nullable(),
    lastSeq: z.number().int(),
    headHash: z.string(),
    count: z.number().int(),
    verdict: z.string(),
  }),
  /** The set was pinned when the export was asked for: no record after this one is in the file. */
  throughSeq: z.number().int(),
  generatedBy: z.object({ id: z.string(), email: z.string() }),
  startedAt: offsetIso,
  generatedAt: offsetIso,
  console: z.object({ version: z.string() }),
  signature: evidenceSignatureSchema,
});
export type AuditExportManifest = z.infer<typeof auditExportManifestSchema>;

export const auditExportResultSchema = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  bytes: z.number().int(),
  sha256: z.string(),
  /** After this the file is deleted and the download answers 404. */
  expiresAt: z.iso.datetime(),
  manifest: auditExportManifestSchema,
});
export type AuditExportResult = z.infer<typeof auditExportResultSchema>;

/** An audit export run as the audit page lists it, with the filters it was asked to export. */
export interface AuditExportRunView extends JobRunView<AuditExportResult> {
  request: { filters: AuditExportFilters };
}
