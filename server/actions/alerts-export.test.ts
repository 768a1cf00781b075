import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportManifest, ExportResult, ExportRunView } from "@/lib/alerts/export";
import type { JobRunView } from "@/lib/jobs";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

type SessionModule = typeof Session;

/**
 * The export's entry points as the UI calls them: the action (authorize → zod on the page's query
 * string → audit → job), the list of the user's exports, the file and its manifest. Each one
 * refuses a role without alerts:export on its own.
 */

const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<SessionModule>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-export", ip: null }) }));

const { startAlertsHarness } = await import("@/testing/alerts");
const { setDbForTests, getDb, tables } = await import("@/server/db");
const { startJobWorkers, stopJobWorkers, getJobRun } = await import("@/server/jobs");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { setExportTuningForTests } = await import("@/server/alerts/export/settings");
const { startEventsExport } = await import("./alerts-export");
const { GET: listExports } = await import("@/app/api/alerts/exports/route");
const { GET: exportFile } = await import("@/app/api/alerts/exports/[runId]/file/route");
const { GET: exportManifest } = await import("@/app/api/alerts/exports/[runId]/manifest/route");

const person = (id: string, role: StaffUser["role"]): StaffUser => ({
  id,
  email: `${id}@example.com`,
  name: null,
  role,
  mustChangePassword: false,
});
const compliance = person("cora", "compliance");
const developer = person("dev", "developer");
const support = person("sam", "support");
const admin = person("ada", "admin");

type Harness = Awaited<ReturnType<typeof startAlertsHarness>>;
let h: Harness;
let handle: Awaited<ReturnType<typeof openJobsTestDb>>;

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 3000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  setExportTuningForTests({ pageSize: 200, parallel: 2, sliceRows: 100, checkpointEveryMs: 0 });
  await startJobWorkers({ timing: FAST_TIMING });
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => {
  who.user = compliance;
});

/** The page's filters as its URL holds them: the last ten days before the seeded history ends, Berlin time. */
const pageQuery = () => {
  const from = new Date(h.anchorMs - 10 * 86_400_000).toISOString();
  return `?status=failed,success&from=${from}&tz=Europe%2FBerlin&limit=100`;
};
const route = (path: string) => new NextRequest(`http://localhost${path}`);
const params = (values: Record<string, string>) => ({ params: Promise.resolve(values) });
const finished = (runId: string) =>
  waitFor("the export to finish", async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

let exported: { run: JobRunView<ExportResult>; result: ExportResult };

describe("starting an export", () => {
  it("takes the page's query string, starts the job and is on record; the file and manifest download", async () => {
    const started = await startEventsExport({
      webhookId: h.webhooks.accepting.id,
      filters: pageQuery(),
      format: "csv",
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.data).toMatchObject({ kind: "alerts.export", startedByEmail: compliance.email });
    const done = await finished(started.data.id);
    expect(done.status).toBe("succeeded");
    const result = done.result as ExportResult;
    exported = { run: started.data, result };
    expect(result.manifest.filters).toMatchObject({ statuses: ["failed", "success"], tz: "Europe/Berlin" });

    // The start is on record (intent, then outcome) with the filters as the job got them.
    const records = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.action, "alerts.export-start"));
    expect(records.map((r) => r.outcome)).toEqual(["intent", "ok"]);
    expect(records[1]?.input).toMatchObject({ input: { format: "csv", filters: { tz: "Europe/Berlin" } } });

    // The user's exports, newest first.
    const list = await listExports(route("/api/alerts/exports"), params({}));
    expect(list.status).toBe(200);
    const runs = (await list.json()) as ExportRunView[];
    expect(runs[0]).toMatchObject({
      id: started.data.id,
      status: "succeeded",
      result: { sha256: result.sha256 },
      request: { webhookId: h.webhooks.accepting.id, format: "csv", filters: { tz: "Europe/Berlin" } },
    });
    // One webhook's exports only.
    const ofWebhook = async (id: string) =>
      (await (await listExports(route(`/api/alerts/exports?webhookId=${id}`), params({}))).json()) as ExportRunView[];
    expect((await ofWebhook(h.webhooks.accepting.id)).map((r) => r.id)).toContain(started.data.id);
    expect((await ofWebhook(h.webhooks.failing.id)).map((r) => r.id)).not.toContain(started.data.id);

    const file = await exportFile(route(`/api/alerts/exports/${done.id}/file`), params({ runId: done.id }));
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(result.sha256);
    expect(Object.fromEntries(file.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${result.fileName}"`,
      "cache-control": "no-store",
      "x-content-sha256": result.sha256,
      "x-row-count": String(result.rows),
      "content-length": String(bytes.length),
    });
    const manifest = await exportManifest(route(`/api/alerts/exports/${done.id}/manifest`), params({ runId: done.id }));
    expect(manifest.status).toBe(200);
    expect((await manifest.json()) as ExportManifest).toEqual(result.manifest);
  });

  it("explains bad filters field by field, before anything runs", async () => {
    const before = h.requests.length;
    const result = await startEventsExport({
      webhookId: h.webhooks.accepting.id,
      filters: "?from=yesterday&hash=0x12&tz=Mars%2FBase",
      format: "xlsx",
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "VALIDATION",
        fields: {
          "filters.from": "Not a date and time",
          "filters.hash": expect.stringContaining("64 hex digits"),
          "filters.tz": expect.stringContaining("not a time zone"),
          format: "Choose CSV or NDJSON",
        },
      },
    });
    expect(h.requests.length).toBe(before);
  });

  it("says so when the webhook is unknown", async () => {
    const result = await startEventsExport({ webhookId: "whk0-does-not-exist", filters: "", format: "csv" });
    expect(result).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });
  });
});

describe("who may export", () => {
  it("refuses a developer and support, in the action and in every route", async () => {
    const runId = exported.run.id;
    for (const user of [developer, support]) {
      who.user = user;
      const started = await startEventsExport({
        webhookId: h.webhooks.accepting.id,
        filters: pageQuery(),
        format: "csv",
      });
      expect(started).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
      for (const response of [
        await listExports(route("/api/alerts/exports"), params({})),
        await exportFile(route(`/api/alerts/exports/${runId}/file`), params({ runId })),
        await exportManifest(route(`/api/alerts/exports/${runId}/manifest`), params({ runId })),
      ]) {
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe("FORBIDDEN");
      }
    }
    const refusals = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(and(eq(tables.auditLog.action, "alerts.export-start"), eq(tables.auditLog.errorCode, "FORBIDDEN")));
    // Both refusals are on record (the refused caller is not named: authorize failed before the user was known).
    expect(refusals).toHaveLength(2);
  });

  it("lets only its owner (or an admin) download an export", async () => {
    const runId = exported.run.id;
    who.user = person("other-compliance", "compliance");
    expect((await exportFile(route(`/api/alerts/exports/${runId}/file`), params({ runId }))).status).toBe(404);
    expect(((await (await listExports(route("/api/alerts/exports"), params({}))).json()) as unknown[]).length).toBe(0);
    who.user = admin;
    expect((await exportFile(route(`/api/alerts/exports/${runId}/file`), params({ runId }))).status).toBe(200);
  });

  it("answers 404 once the export expired", async () => {
    const runId = exported.run.id;
    await (
      await getDb()
    )
      .update(tables.jobRuns)
      .set({ result: sql`jsonb_set(${tables.jobRuns.result}, '{expiresAt}', '"2001-01-01T00:00:00.000Z"')` })
      .where(eq(tables.jobRuns.id, runId));
    const file = await exportFile(route(`/api/alerts/exports/${runId}/file`), params({ runId }));
    expect(file.status).toBe(404);
    const manifest = await exportManifest(route(`/api/alerts/exports/${runId}/manifest`), params({ runId }));
    expect(manifest.status).toBe(404);
  });
});
