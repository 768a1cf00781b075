import "server-only";
import { mkdir } from "node:fs/promises";
import type { ExportManifest, ExportResult } from "@/lib/alerts/export";
import { shortAddress, utc } from "@/lib/shared/format";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import { getDb } from "@/server/db";
import { getUpstreamConfig } from "@/server/env";
import { signDocument } from "@/server/evidence/sign";
import { exportTtlMs, manifestPath, runDir, writeFileAtomically } from "@/server/exports/files";
import { defineJob, JobError, type JobContext } from "@/server/jobs";
import { exportRows, measure } from "@/server/ops/metrics";
import { getAdminClient } from "@/server/upstream";
import { eventsReader, type EventsReader } from "../events-reader";
import { rangeOf, type MsRange } from "../range";
import { archiveExport } from "../schedules/archive";
import { leaveOutFor } from "../test-activity/leave-out";
import { assembleExport } from "./assemble";
import {
  exportCheckpointSchema,
  exportParamsSchema,
  type ExportCheckpoint,
  type ExportParams,
  sliceRange,
  type FetchingCheckpoint,
} from "./checkpoint";
import { fetchAllSlices } from "./fetch-all";
import { removeParts } from "./files";
import { buildManifest, exportFileName } from "./manifest";
import { pageSizeFor, rememberRefusedPageSize } from "./page-size";
import { planExport } from "./plan-export";
import { rowFormatter } from "./rows";
import { exportTuning } from "./settings";

type Ctx = JobContext<ExportParams, ExportCheckpoint>;

/**
 * Compliance export of a webhook's filtered events: the whole set, streamed to a file under
 * CONSOLE_EXPORT_DIR with a manifest beside it, resumable from per-slice checkpoints, at the
 * background priority of the shared rate limit. See docs/architecture.md (Alert exports).
 */
export const alertsExportJob = defineJob({
  kind: "alerts.export",
  params: exportParamsSchema,
  checkpoint: exportCheckpointSchema,
  maxAttempts: 5,
  retryDelaySeconds: 5,
  concurrency: 2,
  // Two: a person may export two formats, or two webhooks, side by side. An export reads up to a
  // million rows (a thousand requests and more) through the shared background budget, and each
  // instance drives two at a time: a third from one person would only wait in the queue ahead of
  // colleagues' exports. The same filters and format again join the running export instead.
  perPersonLimit: {
    max: 2,
    noun: ["export", "exports"],
    describe: (p) => ({
      text:
        `the ${p.format.toUpperCase()} export of webhook ${shortAddress(p.webhookId, 8, 4)}` +
        `${p.filters.from ? ` from ${utc(p.filters.from)}` : ""} up to ${utc(p.until)}`,
    }),
  },
  async run(ctx): Promise<ExportResult> {
    if (ctx.checkpoint?.phase === "done") return finish(ctx, ctx.checkpoint.result);
    const { params } = ctx;
    const upstream = getUpstreamConfig();
    const tuning = exportTuning();
    const range = rangeOf(params.filters, params.until);
    const reader = eventsReader(getAdminClient(), params.webhookId, params.filters, ctx.signal);
    await mkdir(runDir(ctx.runId), { recursive: true });

    // A resumed run keeps its plan: the same slices, part files and page size.
    let state: FetchingCheckpoint;
    if (ctx.checkpoint?.phase === "fetching") state = ctx.checkpoint;
    else {
      const pageSize = pageSizeFor(upstream.baseUrl, tuning.pageSize, tuning.fallbackPageSize);
      state = (await planExport(reader, range, tuning, pageSize)).checkpoint;
      await ctx.saveCheckpoint(state, { done: 0, total: state.total, message: "Starting the export" });
    }

    const formatter = rowFormatter(params.format, params.filters.tz);
    const leaveOut = leaveOutFor(params.filters.test ?? "include");
    await fetchAllSlices(state, {
      ...(leaveOut ? { leaveOut } : {}),
      runId: ctx.runId,
      signal: ctx.signal,
      parallel: state.parallel,
      formatter,
      page: (slice, cursor, limit) => reader.page(sliceRange(slice), cursor, limit),
      fallbackPageSize: (refused) => {
        rememberRefusedPageSize(upstream.baseUrl, refused);
        return tuning.fallbackPageSize < refused ? tuning.fallbackPageSize : undefined;
      },
      progress: (report) => ctx.progress(report),
      saveCheckpoint: (snapshot, report) => ctx.saveCheckpoint(snapshot, report),
      checkpointEveryMs: tuning.checkpointEveryMs,
    });

    const rows = state.slices.reduce((sum, s) => sum + s.rows, 0);
    const leftOut = state.slices.reduce((sum, s) => sum + s.leftOut, 0);
    await verifyRowCount(ctx, reader, range, state, rows, leftOut);
    ctx.progress({ done: rows, total: Math.max(rows, state.total ?? 0), message: "Writing the file" });
    const fileName = exportFileName(params);
    const file = await assembleExport(
      ctx.runId,
      fileName,
      formatter.header,
      state.slices.map((s) => s.bytes),
      ctx.signal,
    );
    const generatedAt = new Date();
    const manifest = await signDocument(
      await getDb(),
      buildManifest({ runId: ctx.runId, params, fileName, ...file, slices: state.slices, generatedAt }),
    );
    await writeFileAtomically(manifestPath(ctx.runId), `${JSON.stringify(manifest, null, 2)}\n`);
    // A scheduled run's file and manifest also go to the archive (WORM or synced storage), when set.
    if (params.schedule) await archiveExport(ctx.runId, params.schedule.scheduleId, fileName);
    const result: ExportResult = {
      fileName,
      format: params.format,
      rows,
      bytes: file.bytes,
      sha256: file.sha256,
      expiresAt: new Date(generatedAt.getTime() + exportTtlMs()).toISOString(),
      manifest,
    };
    await ctx.saveCheckpoint({ phase: "done", result }, { done: rows, total: rows, message: "Done" });
    measure(() => exportRows().inc({ kind: "alerts" }, rows));
    return finish(ctx, result);
  },
});

/**
 * The last guard before the file is written: the rows fetched must be exactly the upstream's count
 * for the range now. They differ when the matching set changed while the export ran (a delivery
 * changed status under a status filter, an event was added inside the range) or a page lost rows;
 * the file would not be the set the manifest claims, so the run fails and says so instead.
 */
async function verifyRowCount(
  ctx: Ctx,
  reader: EventsReader,
  range: MsRange,
  state: FetchingCheckpoint,
  rows: number,
  /** Rows of the range the test switch left out: fetched, not written. */
  leftOut: number,
): Promise<void> {
  if (state.slices.length === 0) return; // an empty range ("From" not before the end): nothing to ask
  ctx.progress({ done: rows, total: Math.max(rows, state.total ?? 0), message: "Checking the count" });
  const { total } = await reader.countExact(range);
  if (total === rows + leftOut) return;
  const n = (v: number) => v.toLocaleString("en");
  throw new JobError(
    `The export fetched ${n(rows + leftOut)} events, but the upstream now counts ${n(total)} for the same filters and range: ` +
      "the matching events changed while it ran (a delivery changed status, or an event was added inside the range). " +
      "No file was written; start the export again.",
  );
}

/** After the file is written: the parts go, and the export is on record once (with the manifest's facts). */
async function finish(ctx: Ctx, result: ExportResult): Promise<ExportResult> {
  await removeParts(ctx.runId);
  const { manifest } = result;
  await appendJobAuditOnce(ctx.runId, {
    actor: ctx.params.actor,
    action: "alerts.export",
    target: ctx.params.webhookId,
    outcome: "ok",
    input: {
      runId: ctx.runId,
      file: manifest.file,
      format: manifest.format,
      rows: manifest.rows,
      range: manifest.range,
      timeZone: manifest.timeZone,
      ...manifestEventFields(manifest),
      generatedAt: manifest.generatedAt,
      upstream: manifest.upstream,
      console: manifest.console,
      filters: manifest.filters,
    },
  });
  return result;
}

/** The range and test-activity facts of a manifest for its audit record, as the manifest's version names them. */
function manifestEventFields(manifest: ExportManifest) {
  return manifest.manifestVersion === 1
    ? { firstEventAt: manifest.firstEventAt, lastEventAt: manifest.lastEventAt }
    : {
        oldestEventAt: manifest.oldestEventAt,
        newestEventAt: manifest.newestEventAt,
        testActivity: manifest.testActivity,
      };
}
