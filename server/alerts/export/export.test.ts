import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EXPORT_CSV_COLUMNS, exportResultSchema, type ExportFormat, type ExportResult } from "@/lib/alerts/export";
import type { ValidFilters } from "@/lib/alerts/filters";
import { isoInZone } from "@/lib/shared/time-zone";
import type { StaffUser } from "@/server/auth/users";
import { getDb, setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import type { AppError } from "@/server/errors";
import { finalPath, runDir } from "@/server/exports/files";
import { cancelJob, getJobRun, startJobWorkers, stopJobWorkers, type JobRun } from "@/server/jobs";
import { addEvents, groundTruth, startAlertsHarness, type AlertsHarness, type FetchHook } from "@/testing/alerts";
import { FAST_TIMING, gate, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { setExportTuningForTests } from "./settings";
import { queueExport } from "./start";
import { sweepExports } from "./sweep";

/**
 * The export job end to end against the sandbox: the file holds exactly the events the sandbox holds
 * for the range (bursts of events in one second, at slice boundaries), nothing emitted during the
 * export, and comes out byte-identical after a failure or a shutdown mid-slice.
 */

const ZONE = "Europe/Berlin";
const staff: StaffUser = {
  id: "u-comp-1",
  email: "cora@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};

let h: AlertsHarness;
let handle: DbHandle;
/** The burst window: every one of its 40 seconds has events at .000 (several), .001, .500, .998 and .999 (several). */
let burstStart: number;
let formulaIds: string[];

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 5000, historyEndsAgoMs: 3_600_000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  // Small pages and slices, so a few hundred events cross many slice and page boundaries.
  setExportTuningForTests({ pageSize: 20, fallbackPageSize: 10, parallel: 4, sliceRows: 60, checkpointEveryMs: 0 });
  await startJobWorkers({ timing: FAST_TIMING });

  burstStart = h.anchorMs + 10 * 60_000;
  const times: number[] = [];
  for (let s = 0; s < 40; s++)
    for (const [offset, n] of [
      [0, 6],
      [1, 2],
      [500, 1],
      [998, 1],
      [999, 6],
    ] as const)
      for (let k = 0; k < n; k++) times.push(burstStart + s * 1000 + offset);
  addEvents(
    h.store,
    h.webhooks.accepting.index,
    times.map((createdAt) => ({ createdAt })),
  );
  // Text a spreadsheet would run as a formula, in a column anyone's receiver can influence.
  formulaIds = addEvents(
    h.store,
    h.webhooks.accepting.index,
    ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2", "@SUM(A1)"].map((errorMessage, i) => ({
      createdAt: h.anchorMs + 20 * 60_000 + i,
      status: "failed" as const,
      errorMessage,
    })),
  );
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => h.setHook(undefined));

/** From two days before the seeded history's end to 30 minutes after it: seeded events, the burst, the formulas. */
const fixedFilters = (): ValidFilters => ({
  type: "EIP_155_TX_V1",
  statuses: [],
  from: new Date(h.anchorMs - 2 * 86_400_000),
  to: new Date(h.anchorMs + 29 * 60_000),
  tz: ZONE,
  chains: [],
  limit: 100,
  test: "include",
});
const fixedRange = () => ({
  fromMs: h.anchorMs - 2 * 86_400_000,
  untilMs: Math.floor((h.anchorMs + 29 * 60_000) / 1000) * 1000 + 60_000,
});

const ended = (runId: string) =>
  waitFor(
    "the export to end",
    async () => {
      const run = await getJobRun(runId);
      return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
    },
    40_000,
  );

async function exportToEnd(format: ExportFormat, filters = fixedFilters()) {
  const { run } = await queueExport(staff, { webhookId: h.webhooks.accepting.id, filters, format });
  const done = await ended(run.id);
  expect(done.error).toBeNull();
  expect(done.status).toBe("succeeded");
  const result = exportResultSchema.parse(done.result);
  const bytes = readFileSync(finalPath(done.id, result.fileName));
  return { run: done, result, bytes, text: bytes.toString("utf8") };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const csvRecords = (text: string) => parse(text, { columns: true }) as Record<string, string>[];
/** Page requests that continue a slice (they carry a cursor). */
const isContinuation = (r: Request) => r.method === "GET" && new URL(r.url).searchParams.has("cursor");
/** Holds matching requests until `open`, giving up with the request's own signal. */
function holding(match: (r: Request) => boolean, afterMatches = 0) {
  const held = gate();
  let seen = 0;
  let holdingNow = false;
  const hook: FetchHook = async (request, forward) => {
    if (match(request) && ++seen > afterMatches) {
      holdingNow = true;
      await Promise.race([
        held.wait,
        new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason))),
      ]);
    }
    return forward(request);
  };
  return { hook, open: held.open, isHolding: () => holdingNow };
}

let baseline: { sha: string; rows: number };

describe("an export of the whole filtered set", () => {
  it("holds exactly the sandbox's events of the range, across slices and pages cut inside bursts of one second", async () => {
    const truth = groundTruth(h.store, h.webhooks.accepting.index, fixedRange());
    const startRequests = h.requests.length;
    const { run, result, bytes, text } = await exportToEnd("csv");

    const records = csvRecords(text);
    expect(Object.keys(records[0] ?? {})).toEqual([...EXPORT_CSV_COLUMNS]);
    const ids = records.map((r) => r.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...truth].sort());
    expect(result.rows).toBe(truth.length);
    expect(truth.length).toBeGreaterThan(700);

    // The slices' lower bounds (from the widened `since` of their pages): several inside the burst.
    const since = h.requests
      .slice(startRequests)
      .filter((r) => r.url.searchParams.get("limit") === "20")
      .map((r) => (Number(r.url.searchParams.get("since")) + 1) * 1000);
    const insideBurst = new Set(since.filter((t) => t > burstStart && t < burstStart + 40_000));
    expect(insideBurst.size).toBeGreaterThanOrEqual(3);

    // Newest first, in the export's zone, as the upstream had them.
    const times = records.map((r) => Date.parse(r.createdAt as string));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1] as number);
    const first = h.store.indexOf(ids[0] as string) as number;
    expect(records[0]?.createdAt).toBe(isoInZone(new Date(h.store.created[first] as number), ZONE));
    expect(records[0]?.createdAt).toMatch(/\+0[12]:00$/);

    // The manifest says what the file is, and the file is what it says.
    const manifest = result.manifest;
    expect(manifest).toMatchObject({
      kind: "alerts.export",
      runId: run.id,
      webhookId: h.webhooks.accepting.id,
      format: "csv",
      rows: truth.length,
      timeZone: ZONE,
      order: "newest-first",
      range: {
        from: isoInZone(new Date(fixedRange().fromMs), ZONE),
        until: isoInZone(new Date(fixedRange().untilMs), ZONE),
      },
      manifestVersion: 2,
      // Rows run newest first: the oldest is the last row, the newest the first.
      oldestEventAt: records.at(-1)?.createdAt,
      newestEventAt: records[0]?.createdAt,
      testActivity: { mode: "include", leftOut: 0 },
      generatedBy: { id: staff.id, email: staff.email },
      upstream: { mode: "sandbox", label: "Sandbox", baseUrl: h.started.baseUrl },
      file: { name: result.fileName, bytes: bytes.length, sha256: sha256(bytes) },
    });
    expect(result.sha256).toBe(sha256(bytes));
    expect(JSON.parse(readFileSync(`${runDir(run.id)}/manifest.json`, "utf8"))).toEqual(manifest);
    expect(JSON.stringify(manifest)).not.toContain("alerts-jobs-test-key");
    // The parts are gone; the file and its manifest stay.
    expect(existsSync(`${runDir(run.id)}/parts`)).toBe(false);
    baseline = { sha: result.sha256, rows: result.rows };

    // One audit record, by the person who started it, with the manifest's facts.
    const records_ = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.requestId, `job:${run.id}`));
    expect(records_).toHaveLength(1);
    expect(records_[0]).toMatchObject({ action: "alerts.export", actorEmail: staff.email, actorRole: "compliance" });
    expect(records_[0]?.input).toMatchObject({ runId: run.id, rows: truth.length, file: manifest.file });
  });

  it("escapes cells a spreadsheet would run as formulas", async () => {
    const { text } = await exportToEnd("csv");
    const byId = new Map(csvRecords(text).map((r) => [r.id, r]));
    expect(formulaIds.map((id) => byId.get(id)?.errorMessage)).toEqual([
      `'=HYPERLINK("http://evil.example","x")`,
      "'+1+1",
      "'-2",
      "'@SUM(A1)",
    ]);
  });

  it("writes NDJSON as the upstream's records, unknown fields kept", async () => {
    // The upstream adds fields the contract does not know.
    h.setHook(async (request, forward) => {
      const response = await forward(request);
      if (!request.url.includes("/events")) return response;
      const body = (await response.json()) as { data: Record<string, unknown>[] };
      for (const event of body.data) Object.assign(event, { riskScore: 7, screening: { list: "none" } });
      return Response.json(body, { status: response.status });
    });
    const { result, text } = await exportToEnd("ndjson");
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(result.rows);
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const truth = new Set(groundTruth(h.store, h.webhooks.accepting.index, fixedRange()));
    expect(events.every((e) => truth.has(e.id as string))).toBe(true);
    const sample = events[0] as Record<string, unknown>;
    expect(sample).toMatchObject({ riskScore: 7, screening: { list: "none" }, type: "EIP_155_TX_V1" });
    const stored = h.store.indexOf(sample.id as string) as number;
    expect(sample.createdAt).toBe(new Date(h.store.created[stored] as number).toISOString());
  });

  it("leaves out events that arrive while it runs, and its manifest's range says where it stops", async () => {
    const hold = holding(isContinuation, 2);
    h.setHook(hold.hook);
    const open: ValidFilters = { ...fixedFilters(), to: undefined };
    const { run } = await queueExport(staff, { webhookId: h.webhooks.accepting.id, filters: open, format: "csv" });
    const params = (await getJobRun(run.id))?.params as { until: string };
    const untilMs = Date.parse(params.until);
    expect(untilMs % 1000).toBe(0);
    expect(Date.now() - untilMs).toBeLessThan(5_000);
    await waitFor("the export to be under way", () => hold.isHolding());
    // Events arriving now, one of them at the very instant the range ends (excluded: the end is exclusive).
    const late = addEvents(h.store, h.webhooks.accepting.index, [
      { createdAt: untilMs },
      { createdAt: Date.now() },
      { createdAt: Date.now() },
    ]);
    hold.open();
    const done = await ended(run.id);
    const result = exportResultSchema.parse(done.result);
    const ids = csvRecords(readFileSync(finalPath(done.id, result.fileName), "utf8")).map((r) => r.id);
    for (const id of late) expect(ids).not.toContain(id);
    const truth = groundTruth(h.store, h.webhooks.accepting.index, { fromMs: fixedRange().fromMs, untilMs });
    expect([...ids].sort()).toEqual([...truth].sort());
    expect(result.manifest.range.until).toBe(isoInZone(new Date(untilMs), ZONE));
  });
});

describe("resuming an export", () => {
  it("after a failure mid-slice, continues from the checkpoints and writes the identical file", async () => {
    let continuations = 0;
    let poisoned: string | undefined;
    let truncated = 0;
    const pages: string[] = [];
    h.setHook(async (request, forward) => {
      if (isContinuation(request)) {
        const cursor = new URL(request.url).searchParams.get("cursor") as string;
        pages.push(cursor);
        if (++continuations === 25) poisoned = cursor;
        // One page's body arrives truncated as often as the client asks for it within an attempt (it
        // reads again twice): the client reports an invalid response, and the attempt fails.
        if (cursor === poisoned && truncated < 3) {
          truncated++;
          return new Response('{"data":[{"id":"', { status: 200 });
        }
      }
      return forward(request);
    });
    const { run, result } = await exportToEnd("csv");
    expect(run.attempts).toBe(2);
    expect(result.sha256).toBe(baseline.sha);
    expect(result.rows).toBe(baseline.rows);
    // Resumed, not restarted: only pages after the last checkpoints were asked for twice.
    const repeated = pages.length - new Set(pages).size;
    expect(repeated).toBeLessThan(12);
  });

  it("after its instance stops mid-export (handing the run back), resumes to the identical file", async () => {
    const hold = holding(isContinuation, 20);
    h.setHook(hold.hook);
    const { run } = await queueExport(staff, {
      webhookId: h.webhooks.accepting.id,
      filters: fixedFilters(),
      format: "csv",
    });
    await waitFor("the export to be under way", () => hold.isHolding());
    const before = (await getJobRun(run.id)) as JobRun;
    expect(before.checkpoint).toMatchObject({ phase: "fetching" });
    await stopJobWorkers();
    h.setHook(undefined);
    await startJobWorkers({ timing: FAST_TIMING });
    const done = await ended(run.id);
    expect(done.status).toBe("succeeded");
    expect(done.attempts).toBe(2);
    expect((done.result as ExportResult).sha256).toBe(baseline.sha);
  });
});

describe("following an export", () => {
  it("joins the running export when the same person asks again, and stops on cancel; the sweep removes its files", async () => {
    const hold = holding(isContinuation, 3);
    h.setHook(hold.hook);
    const first = await queueExport(staff, {
      webhookId: h.webhooks.accepting.id,
      filters: fixedFilters(),
      format: "csv",
    });
    await waitFor("the export to be under way", () => hold.isHolding());
    const again = await queueExport(staff, {
      webhookId: h.webhooks.accepting.id,
      filters: fixedFilters(),
      format: "csv",
    });
    expect(again).toMatchObject({ created: false, run: { id: first.run.id } });
    // Another format, or another person, is another export.
    const other = await queueExport(
      { ...staff, id: "u-comp-2", email: "cy@example.com" },
      { webhookId: h.webhooks.accepting.id, filters: fixedFilters(), format: "csv" },
    );
    expect(other.created).toBe(true);
    await cancelJob(other.run.id, { id: "u-comp-2", email: "cy@example.com" });

    const cancelled = await cancelJob(first.run.id, { id: staff.id, email: staff.email });
    expect(cancelled.cancelRequestedAt).not.toBeNull();
    const done = await ended(first.run.id);
    expect(done.status).toBe("cancelled");
    expect(existsSync(runDir(first.run.id))).toBe(true);
    const removed = await sweepExports();
    expect(removed).toContain(first.run.id);
    expect(existsSync(runDir(first.run.id))).toBe(false);
  });

  it("lets one person have two exports going: a third is refused naming them, until one is cancelled", async () => {
    const hold = holding(isContinuation);
    h.setHook(hold.hook);
    const ask = (format: ExportFormat, filters = fixedFilters()) =>
      queueExport(staff, { webhookId: h.webhooks.accepting.id, filters, format });
    const csv = await ask("csv");
    const ndjson = await ask("ndjson");
    await waitFor("the exports to be under way", () => hold.isHolding());
    const later: ValidFilters = { ...fixedFilters(), to: new Date(h.anchorMs + 28 * 60_000) };
    const refusal = await ask("csv", later).then(
      () => undefined,
      (error: unknown) => error as AppError,
    );
    expect(refusal).toMatchObject({ code: "TOO_MANY_RUNS" });
    const webhook = `webhook ${h.webhooks.accepting.id.slice(0, 8)}…${h.webhooks.accepting.id.slice(-4)}`;
    expect(refusal?.userMessage).toContain("You already have 2 exports going, and one person may have 2 at a time: ");
    expect(refusal?.userMessage).toContain(`the CSV export of ${webhook} from `);
    expect(refusal?.userMessage).toContain(`the NDJSON export of ${webhook} from `);
    expect(refusal?.runs?.map((r) => r.id)).toEqual([csv.run.id, ndjson.run.id]);
    // Asking for a running export again joins it; a colleague has places of their own.
    expect(await ask("csv")).toMatchObject({ created: false, run: { id: csv.run.id } });
    const colleague = { ...staff, id: "u-comp-3", email: "cas@example.com" };
    const theirs = await queueExport(colleague, {
      webhookId: h.webhooks.accepting.id,
      filters: later,
      format: "csv",
    });
    expect(theirs.created).toBe(true);

    await cancelJob(ndjson.run.id, { id: staff.id, email: staff.email });
    const third = await ask("csv", later);
    expect(third.created).toBe(true);
    for (const run of [csv.run, third.run]) await cancelJob(run.id, { id: staff.id, email: staff.email });
    await cancelJob(theirs.run.id, colleague);
    hold.open();
    for (const run of [csv.run, ndjson.run, third.run, theirs.run])
      expect((await ended(run.id)).status).toBe("cancelled");
  });

  it("keeps a finished export for the TTL, then the sweep deletes it", async () => {
    const { run } = await exportToEnd("csv");
    expect(await sweepExports()).not.toContain(run.id);
    expect(existsSync(runDir(run.id))).toBe(true);
    const expiresAt = Date.parse((run.result as ExportResult).expiresAt);
    expect(expiresAt - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await sweepExports({ now: expiresAt })).toContain(run.id);
    expect(existsSync(runDir(run.id))).toBe(false);
  });

  it("falls back to the smaller page size (here 10) after a 400 about the limit, and remembers it", async () => {
    const limits: string[] = [];
    h.setHook(async (request, forward) => {
      const limit = new URL(request.url).searchParams.get("limit");
      if (limit !== null && limit !== "1") limits.push(limit);
      if (limit === "20") return Response.json({ error: "limit: expected at most 10" }, { status: 400 });
      return forward(request);
    });
    const first = await exportToEnd("csv");
    expect(first.result.sha256).toBe(baseline.sha);
    expect(limits).toContain("20");
    // Each fetcher may have had one page refused before the smaller size took over.
    expect(limits.filter((l) => l === "20").length).toBeLessThanOrEqual(4);
    limits.length = 0;
    await exportToEnd("csv");
    expect(limits.length).toBeGreaterThan(0);
    expect(limits.every((l) => l === "10")).toBe(true);
  });
});
