import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ReplayAllResult, ReplayDryRun } from "@/lib/alerts/replay";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

type SessionModule = typeof Session;

/**
 * "Replay all failed" as the UI calls it: the dry run, then the start, which the server refuses above
 * 500 events unless the input carries the text for the count it finds itself; and a role without
 * alerts:replay is refused by both.
 */

const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<SessionModule>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-replay", ip: null }) }));

const { addEvents, startAlertsHarness } = await import("@/testing/alerts");
const { setDbForTests, getDb, tables } = await import("@/server/db");
const { startJobWorkers, stopJobWorkers, getJobRun, listJobRuns } = await import("@/server/jobs");
const { FAST_TIMING, openJobsTestDb, waitFor } = await import("@/testing/jobs/helpers");
const { replayAllDryRun, startReplayAll } = await import("./alerts-replay");

const person = (id: string, role: StaffUser["role"]): StaffUser => ({
  id,
  email: `${id}@example.com`,
  name: null,
  role,
  mustChangePassword: false,
});

type Harness = Awaited<ReturnType<typeof startAlertsHarness>>;
let h: Harness;
let handle: Awaited<ReturnType<typeof openJobsTestDb>>;
/** 620 failed events in one ten-minute window (and one that succeeded), 40 in another. */
let big: string;
let small: string;
let succeededInBig: string;

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 1000 });
  handle = await openJobsTestDb("pglite");
  setDbForTests(handle);
  await startJobWorkers({ timing: FAST_TIMING });
  const window = (start: number, n: number) => {
    const ids = addEvents(h.store, h.webhooks.failing.index, [
      ...Array.from({ length: n }, (_, i) => ({ createdAt: start + i * 500, status: "failed" as const })),
      { createdAt: start + n * 500, status: "success" as const },
    ]);
    succeededInBig ??= ids.at(-1) as string;
    const from = new Date(start).toISOString();
    const to = new Date(start + 9 * 60_000).toISOString();
    return `?from=${from}&to=${to}&tz=UTC`;
  };
  big = window(h.anchorMs + 10 * 60_000, 620);
  small = window(h.anchorMs + 30 * 60_000, 40);
});
afterAll(async () => {
  await stopJobWorkers();
  setDbForTests(undefined);
  await handle.close();
  await h.close();
});
beforeEach(() => {
  who.user = person("cora", "compliance");
});

const dryRun = async (filters: string): Promise<ReplayDryRun> => {
  const result = await replayAllDryRun({ webhookId: h.webhooks.failing.id, filters });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
};
const finished = (runId: string) =>
  waitFor("the replay to finish", async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

describe("the confirmation rule", () => {
  it("needs no confirmation at or below 500 events", async () => {
    const dry = await dryRun(small);
    expect(dry).toMatchObject({ count: 40, confirmation: null });
    const started = await startReplayAll({ webhookId: h.webhooks.failing.id, filters: small, until: dry.until });
    if (!started.ok) throw new Error(started.error.message);
    const done = await finished(started.data.id);
    expect(done.result).toMatchObject({ sent: 40, queued: 40 } satisfies Partial<ReplayAllResult>);
  });

  it("above 500, refuses to start until the input carries the text for the count the server finds", async () => {
    const dry = await dryRun(big);
    expect(dry).toMatchObject({ count: 620, confirmation: "REPLAY 620" });
    const attempt = (confirm?: string) =>
      startReplayAll({ webhookId: h.webhooks.failing.id, filters: big, until: dry.until, confirm });
    for (const confirm of [undefined, "", "REPLAY 600", "replay 620", "REPLAY ALL"])
      expect(await attempt(confirm)).toMatchObject({
        ok: false,
        error: { code: "VALIDATION", fields: { confirm: "Type REPLAY 620 to replay 620 events" } },
      });
    expect(await listJobRuns({ kind: "alerts.replay-all", status: "running" })).toHaveLength(0);

    // The set grows after the dry run (a delivery failed meanwhile): the old text no longer fits.
    h.store.setDelivery(
      h.store.indexOf(succeededInBig) as number,
      "failed",
      1,
      "Request failed with status code 500",
      Date.now(),
    );
    expect(await attempt("REPLAY 620")).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fields: { confirm: "Type REPLAY 621 to replay 621 events" } },
    });
    const started = await attempt("REPLAY 621");
    if (!started.ok) throw new Error(started.error.message);
    const done = await finished(started.data.id);
    expect(done.result).toMatchObject({ sent: 621, queued: 621, refused: 0 });
  });

  it("refuses a start with nothing to replay, or without the dry run's end", async () => {
    const none = await startReplayAll({
      webhookId: h.webhooks.failing.id,
      filters: `${small}&status=success`,
      until: new Date().toISOString(),
    });
    expect(none).toMatchObject({ ok: false, error: { code: "VALIDATION", fields: { filters: expect.any(String) } } });
    const noUntil = await startReplayAll({ webhookId: h.webhooks.failing.id, filters: small, until: "soon" });
    expect(noUntil).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fields: { until: "Run the dry run again" } },
    });
  });
});

describe("who may replay", () => {
  it("refuses a developer and support in the dry run and the start, and nothing reaches the upstream", async () => {
    const before = h.requests.length;
    for (const role of ["developer", "support"] as const) {
      who.user = person(role, role);
      expect(await replayAllDryRun({ webhookId: h.webhooks.failing.id, filters: small })).toMatchObject({
        ok: false,
        error: { code: "FORBIDDEN" },
      });
      expect(
        await startReplayAll({
          webhookId: h.webhooks.failing.id,
          filters: small,
          until: new Date().toISOString(),
          confirm: "REPLAY 40",
        }),
      ).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    }
    expect(h.requests.length).toBe(before);
    const refused = await (
      await getDb()
    )
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.errorCode, "FORBIDDEN"));
    expect(refused.map((r) => r.action).sort()).toEqual([
      "alerts.replay-all-preview",
      "alerts.replay-all-preview",
      "alerts.replay-all-start",
      "alerts.replay-all-start",
    ]);
  });
});
