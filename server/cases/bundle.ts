import "server-only";
import { asc, inArray, sql } from "drizzle-orm";
import { AUDIT_RECORD_COLUMNS } from "@/lib/audit";
import { CASE_BUNDLE_FORMAT, CASE_BUNDLE_MAX_RECORDS } from "@/lib/cases/bundle";
import { storedAuditKeys } from "@/server/audit/keys";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables, type Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { signDocument } from "@/server/evidence/sign";

/** The acts whose ok record names an export run (`result.runId`): their signed manifests join the bundle. */
const EXPORT_STARTS = ["alerts.export-start", "audit.export-start"];

type Row = typeof tables.auditLog.$inferSelect;

/**
 * One case as signed evidence: every audit record made under it (each with its place in the chain:
 * sequence number, hash and the hash before it), the signed manifests of the exports started under
 * it, the signed evidence packs of its key ejections, and the chain's head when the bundle was made, in one document signed as every export is
 * (lib/evidence/signature.ts), so `npm run verify-export` and the verify page check it offline.
 * Nothing secret can be in it: audit records never hold one, manifests describe files by digest.
 */
export async function buildCaseBundle(caseRef: string, user: StaffUser, now = new Date()) {
  const db = await getDb();
  const t = tables.auditLog;
  const rows = await db
    .select()
    .from(t)
    .where(sql`(${t.input}->>'case') = ${caseRef}`)
    .orderBy(asc(t.seq))
    .limit(CASE_BUNDLE_MAX_RECORDS + 1);
  if (rows.length === 0) throw new AppError("NOT_FOUND", `No audit record was made under case ${caseRef}.`);
  if (rows.length > CASE_BUNDLE_MAX_RECORDS)
    throw new AppError(
      "VALIDATION",
      `Case ${caseRef} has more than ${CASE_BUNDLE_MAX_RECORDS.toLocaleString("en")} records: export the audit log filtered by this case instead.`,
    );
  const keys = await storedAuditKeys(db);
  const [head] = await db.select().from(tables.auditHead).limit(1);
  const document = {
    format: CASE_BUNDLE_FORMAT,
    kind: "case.bundle",
    case: caseRef,
    createdAt: now.toISOString(),
    createdBy: user.email,
    chain: {
      chainId: keys?.chainId ?? null,
      headSeq: head?.lastSeq ?? null,
      headHash: head?.lastHash ?? null,
    },
    recordCount: rows.length,
    records: rows.map(bundleRecord),
    exports: await exportManifests(db, rows),
    ejectPacks: await ejectPacks(db, caseRef, rows),
  };
  const signed = await signDocument(db, document);
  return {
    fileName: bundleFileName(caseRef, now),
    content: `${JSON.stringify(signed, null, 2)}\n`,
    records: rows.length,
  };
}

/** A record as the audit export writes it (lib/audit AUDIT_RECORD_COLUMNS), with the hash before it. */
function bundleRecord(row: Row) {
  const record = Object.fromEntries(AUDIT_RECORD_COLUMNS.map(([field]) => [field, row[field] ?? null]));
  return { ...record, at: new Date(row.at).toISOString(), prevHash: row.prevHash };
}

/** The signed manifests of the case's exports that finished, from their runs (the files may be swept). */
async function exportManifests(db: Db, rows: Row[]): Promise<unknown[]> {
  const runIds = rows.flatMap((row) => {
    if (row.outcome !== "ok" || !EXPORT_STARTS.includes(row.action)) return [];
    const runId = (row.input as { result?: { runId?: unknown } } | null)?.result?.runId;
    return typeof runId === "string" ? [runId] : [];
  });
  if (runIds.length === 0) return [];
  const runs = await db
    .select({ id: tables.jobRuns.id, result: tables.jobRuns.result })
    .from(tables.jobRuns)
    .where(inArray(tables.jobRuns.id, runIds));
  const byId = new Map(runs.map((r) => [r.id, r.result as { manifest?: unknown } | null]));
  return runIds.flatMap((id) => {
    const manifest = byId.get(id)?.manifest;
    return manifest ? [manifest] : [];
  });
}

/**
 * The signed evidence packs of the key ejections of the case: each eject request a record of the case
 * names (the request's outcome names it in its result, the later steps as their target), and each whose
 * own ticket is the case.
 */
async function ejectPacks(db: Db, caseRef: string, rows: Row[]): Promise<unknown[]> {
  const named = rows.flatMap((row) => {
    if (!row.action.startsWith("eject.")) return [];
    const result = (row.input as { result?: { requestId?: unknown } } | null)?.result?.requestId;
    const fromTarget = row.target?.split("/").at(-1);
    return [result, fromTarget].filter((id): id is string => typeof id === "string" && UUID.test(id));
  });
  const ticketed = await db
    .select({ id: tables.ejectRequests.id, ticket: tables.ejectRequests.ticket })
    .from(tables.ejectRequests)
    .where(sql`upper(trim(${tables.ejectRequests.ticket})) = ${caseRef.toUpperCase()}`);
  const ids = [...new Set([...named, ...ticketed.map((r) => r.id)])];
  if (ids.length === 0) return [];
  const packs = await db
    .select({ pack: tables.ejectEvidence.pack })
    .from(tables.ejectEvidence)
    .where(inArray(tables.ejectEvidence.requestId, ids))
    .orderBy(asc(tables.ejectEvidence.signedAt));
  return packs.map((p) => p.pack);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** case-ABC-123-20261129T1530Z.json; a link case keeps only its safe characters. */
function bundleFileName(caseRef: string, at: Date): string {
  const name = caseRef
    .replace(/^https:\/\//, "")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const stamp = at.toISOString().slice(0, 16).replace(/[-:]/g, "");
  return `case-${name}-${stamp}Z.json`;
}
