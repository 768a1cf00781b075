import "server-only";
import { createHash } from "node:crypto";
import { mkdir, open, rename } from "node:fs/promises";
import { z } from "zod";
import { auditFiltersSchema } from "@/lib/audit";
import {
  auditExportFiltersSchema,
  auditExportResultSchema,
  type AuditExportManifest,
  type AuditExportResult,
} from "@/lib/audit/export";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import { getDb } from "@/server/db";
import { signDocument } from "@/server/evidence/sign";
import { exportTtlMs, finalPath, manifestPath, runDir, writeFileAtomically } from "@/server/exports/files";
import { consoleVersion } from "@/server/exports/version";
import { defineJob, type JobContext } from "@/server/jobs";
import { exportRows, measure } from "@/server/ops/metrics";
import { storedAuditKeys } from "../keys";
import { exportFromSnapshot, type SnapshotExport } from "./snapshot";

export const auditExportParamsSchema = z.object({
  filters: auditExportFiltersSchema,
  /** The set is pinned when the export is asked for: no record after this one is exported. */
  throughSeq: z.number().int().min(0),
  startedAt: z.iso.datetime(),
  /** Who asked, for the manifest and the audit record (the role as it was then). */
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
});
export type AuditExportParams = z.infer<typeof auditExportParamsSchema>;

/** The filters in words, for a refusal that names the runs going. */
function describeStoredFilters(filters: z.infer<typeof auditExportFiltersSchema>): string {
  const parts = Object.entries(filters).filter(([, v]) => v);
  return parts.length === 0 ? "the whole log" : parts.map(([k, v]) => `${k} ${v}`).join(", ");
}

const checkpointSchema = z.object({ phase: z.literal("done"), result: auditExportResultSchema });
type Ctx = JobContext<AuditExportParams, z.infer<typeof checkpointSchema>>;

/**
 * The whole filtered audit log as CSV, written on the server in batches of 1,000 (memory stays flat
 * whatever the size), with a signed manifest beside it. The set is pinned when the export is asked
 * for (no record after the chain's last one then is exported, so records appended meanwhile stay
 * out), and the whole chain is verified in the same snapshot the rows are read from, with the
 * verdict in the manifest (./snapshot.ts). One run per instance at a time: exports read the
 * console's own database, which serves everyone else too. A run interrupted before its file is written starts over (reading the
 * database is cheap); after, it only finishes.
 */
export const auditExportJob = defineJob({
  kind: "audit.export",
  params: auditExportParamsSchema,
  checkpoint: checkpointSchema,
  maxAttempts: 3,
  retryDelaySeconds: 5,
  concurrency: 1,
  // Two exports side by side (the whole log and a filtered part); more from one person would only
  // queue behind the instance's one export at a time and hold everyone else's back.
  perPersonLimit: {
    max: 2,
    noun: ["audit export", "audit exports"],
    describe: (p) => ({ text: `the audit export of ${describeStoredFilters(p.filters)}` }),
  },
  async run(ctx): Promise<AuditExportResult> {
    if (ctx.checkpoint?.phase === "done") return finish(ctx, ctx.checkpoint.result);
    const db = await getDb();
    const filters = auditFiltersSchema.parse(ctx.params.filters);
    ctx.progress({ done: 0, total: null, message: "Verifying the chain" });
    const { throughSeq } = ctx.params;

    const generatedAt = new Date();
    const fileName = `audit-${generatedAt
      .toISOString()
      .replace(/\.\d+Z$/, "Z")
      .replace(/[-:]/g, "")}.csv`;
    await mkdir(runDir(ctx.runId), { recursive: true });
    const target = finalPath(ctx.runId, fileName);
    const out = await open(`${target}.tmp`, "w");
    const hash = createHash("sha256");
    let bytes = 0;
    let snapshot: SnapshotExport;
    try {
      snapshot = await exportFromSnapshot(db, {
        filters,
        throughSeq,
        signal: ctx.signal,
        write: async (text) => {
          const chunk = Buffer.from(text, "utf8");
          hash.update(chunk);
          await out.write(chunk);
          bytes += chunk.length;
        },
        progress: (rows, total) =>
          ctx.progress({ done: rows, total, message: `Exported ${rows.toLocaleString("en")} records` }),
      });
      await out.datasync();
    } finally {
      await out.close();
    }
    const { verdict, head, rows, newest, oldest } = snapshot;
    await rename(`${target}.tmp`, target);
    measure(() => exportRows().inc({ kind: "audit" }, rows));

    const keys = await storedAuditKeys(db);
    const manifest: AuditExportManifest = await signDocument(db, {
      manifestVersion: 1 as const,
      kind: "audit.export" as const,
      runId: ctx.runId,
      format: "csv" as const,
      file: { name: fileName, bytes, sha256: hash.digest("hex") },
      filters: ctx.params.filters,
      rows,
      order: "newest-first" as const,
      records:
        newest && oldest
          ? { newestSeq: newest.seq, newestAt: newest.at, oldestSeq: oldest.seq, oldestAt: oldest.at }
          : null,
      chain: {
        chainId: keys?.chainId ?? null,
        lastSeq: verdict.ok ? verdict.lastSeq : (head?.lastSeq ?? 0),
        headHash: verdict.ok ? verdict.headHash : (head?.lastHash ?? ""),
        count: verdict.ok ? verdict.count : (head?.count ?? 0),
        verdict: verdict.ok ? "intact" : verdict.message,
      },
      throughSeq,
      generatedBy: { id: ctx.params.actor.id, email: ctx.params.actor.email },
      startedAt: new Date(ctx.params.startedAt).toISOString(),
      generatedAt: generatedAt.toISOString(),
      console: { version: consoleVersion() },
    });
    await writeFileAtomically(manifestPath(ctx.runId), `${JSON.stringify(manifest, null, 2)}\n`);
    const result: AuditExportResult = {
      fileName,
      rows,
      bytes,
      sha256: manifest.file.sha256,
      expiresAt: new Date(generatedAt.getTime() + exportTtlMs()).toISOString(),
      manifest,
    };
    await ctx.saveCheckpoint({ phase: "done", result }, { done: rows, total: rows, message: "Done" });
    return finish(ctx, result);
  },
});

/** The export is on record once, with what a reviewer needs to find the file again: count, digest, filters. */
async function finish(ctx: Ctx, result: AuditExportResult): Promise<AuditExportResult> {
  const { manifest } = result;
  await appendJobAuditOnce(ctx.runId, {
    actor: ctx.params.actor,
    action: "audit.export",
    target: "audit_log",
    outcome: "ok",
    input: {
      runId: ctx.runId,
      filters: manifest.filters,
      rows: manifest.rows,
      file: manifest.file,
      format: manifest.format,
      chain: { lastSeq: manifest.chain.lastSeq, verdict: manifest.chain.verdict },
      signedBy: manifest.signature.keyId,
    },
  });
  return result;
}
