/** The audit area's data routes (app/api/audit/): the URL each read asks for, built in one place. */
import { auditFiltersQuery, type AuditFilters } from "./filters";

/** A page of the log, filtered, from the cursor on. */
export const auditPageUrl = (filters: AuditFilters, cursor: string | undefined, limit: number) =>
  `/api/audit?${auditFiltersQuery(filters)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}&limit=${limit}`;

/** The newest records, unfiltered. */
export const latestAuditUrl = (limit: number) => `/api/audit?limit=${limit}`;

/** One record, with its intent or outcome. */
export const auditRecordUrl = (recordId: string) => `/api/audit/${encodeURIComponent(recordId)}`;

/** The filters' choices (actors, actions, error codes). */
export const auditFacetsUrl = () => "/api/audit/facets";

/** The user's recent exports of the log. */
export const recentAuditExportsUrl = () => "/api/audit/exports?limit=5";

/** An export run's file. */
export const auditExportFileUrl = (runId: string) => `/api/audit/exports/${runId}/file`;

/** An export run's signed manifest. */
export const auditExportManifestUrl = (runId: string) => `/api/audit/exports/${runId}/manifest`;

/** The public keys that sign the console's evidence. */
export const signingKeysUrl = () => "/api/audit/signing-keys";

/** When the whole log was last verified, by the hourly sweep or a Verify. */
export const lastVerifiedUrl = () => "/api/audit/last-verified";
