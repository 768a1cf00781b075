import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/shared/result";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { openTestDb, type TestDbKind } from "@/testing/db";

/**
 * Replaying selected events within a person's budget: events per ten minutes, and replays being
 * followed for their receipts at once. Over either, the call is refused before the replay reaches
 * the upstream, with a message that says what to do, and the refusal is on record as any refusal is.
 */
const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined, calls: 0 }));
vi.mock("@/server/auth/session", async (original) => {
  const actual = await original<typeof Session>();
  const { unauthenticated } = await import("@/server/errors");
  return {
    ...actual,
    authorize: async () => {
      if (!who.user) throw unauthenticated();
      return who.user;
    },
  };
});
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: `req-replay-${++who.calls}`, ip: null }),
}));

const { addEvents, startAlertsHarness } = await import("@/testing/alerts");
const { setDbForTests, tables } = await import("@/server/db");
const { cancelJob, listJobRuns } = await import("@/server/jobs");
const { REPLAY_EVENTS_PER_PERSON, REPLAY_BUDGET_MINUTES, takeReplayBudget } =
  await import("@/server/alerts/replay/budget");
const { replaySelected } = await import("./alerts");

type Harness = Awaited<ReturnType<typeof startAlertsHarness>>;
let h: Harness;
let failed: string[] = [];

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 200 });
  // Enough failed events for a person's whole budget and one more selection.
  const start = h.anchorMs + 60_000;
  failed = addEvents(
    h.store,
    h.webhooks.failing.index,
    Array.from({ length: REPLAY_EVENTS_PER_PERSON + 50 }, (_, i) => ({ createdAt: start + i * 10, status: "failed" })),
  );
}, 120_000);
afterAll(async () => {
  await h.close();
});

const replayPosts = () => h.requests.filter((r) => r.method === "POST" && r.url.pathname.endsWith("/replay")).length;

describe.each<TestDbKind>(["pglite", "postgres"])("replaying selected events on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof openTestDb>>;
  let n = 0;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });

  const as = (role: StaffUser["role"] = "compliance"): StaffUser => {
    const id = `00000000-0000-4000-9000-${String(++n).padStart(12, "0")}`;
    return (who.user = { id, email: `replayer-${n}@example.com`, name: null, role, mustChangePassword: false });
  };
  const replay = (eventIds: string[]) =>
    replaySelected({ webhookId: h.webhooks.failing.id, eventIds, window: null }) as Promise<
      ActionResult<{ queued: string[]; refused: string[]; runId: string | null }>
    >;
  const recordsOf = (user: StaffUser, requestId?: string) =>
    handle.db
      .select()
      .from(tables.auditLog)
      .where(
        and(
          eq(tables.auditLog.actorId, user.id),
          eq(tables.auditLog.action, "alerts.replay"),
          ...(requestId ? [eq(tables.auditLog.requestId, requestId)] : []),
        ),
      );

  it("refuses a selection past the person's events budget before anything is sent, and records the refusal", async () => {
    const person = as();
    // The whole budget in two selections of 1000: both go out.
    expect(await replay(failed.slice(0, 1000))).toMatchObject({ ok: true });
    expect(await replay(failed.slice(1000, 2000))).toMatchObject({ ok: true });
    const sent = replayPosts();

    const over = await replay(failed.slice(2000, 2010));
    expect(over).toMatchObject({
      ok: false,
      error: { code: "RATE_LIMITED", retryAfterSeconds: expect.any(Number) },
    });
    if (over.ok) throw new Error("not refused");
    expect(over.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.error.retryAfterSeconds).toBeLessThanOrEqual(REPLAY_BUDGET_MINUTES * 60);
    expect(over.error.message).toMatch(/^Nothing was replayed: you have replayed all you may for now/);
    expect(over.error.message).toMatch(/Try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    // Not sent, and on record as a refusal: no intent, the code, who and what.
    expect(replayPosts()).toBe(sent);
    const [refusal, ...more] = await recordsOf(person, over.error.requestId);
    expect(more).toEqual([]);
    expect(refusal).toMatchObject({
      outcome: "error",
      errorCode: "RATE_LIMITED",
      intentId: null,
      target: h.webhooks.failing.id,
      actorEmail: person.email,
    });

    // Someone else's budget is their own.
    as();
    expect(await replay(failed.slice(2000, 2010))).toMatchObject({ ok: true });
    expect(replayPosts()).toBe(sent + 1);
  });

  it("says how many are left when a selection does not fit, and a smaller one still does", async () => {
    as();
    expect(await replay(failed.slice(0, 1000))).toMatchObject({ ok: true });
    expect(await replay(failed.slice(1000, 1990))).toMatchObject({ ok: true });
    const sent = replayPosts();
    const big = await replay(failed.slice(1990, 2020));
    expect(big).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    expect(big.ok || big.error.message).toMatch(
      /^Nothing was replayed: this selection has 30 events, and you have 10 left \(one person may replay 2,000 events in 10 minutes\)\. Select at most 10, or try again after /,
    );
    expect(replayPosts()).toBe(sent);
    // A duplicate id is one event.
    const ten = failed.slice(1990, 2000);
    expect(await replay([...ten, ...ten])).toMatchObject({ ok: true });
  });

  it("gives the budget back once its window is over", async () => {
    const person = as();
    const t0 = new Date("2026-08-01T12:00:00.000Z");
    await takeReplayBudget(handle.db, person.id, REPLAY_EVENTS_PER_PERSON, t0);
    const almost = new Date(t0.getTime() + REPLAY_BUDGET_MINUTES * 60_000 - 1_000);
    await expect(takeReplayBudget(handle.db, person.id, 1, almost)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryAfterSeconds: 1,
    });
    const after = new Date(t0.getTime() + REPLAY_BUDGET_MINUTES * 60_000);
    await expect(takeReplayBudget(handle.db, person.id, REPLAY_EVENTS_PER_PERSON, after)).resolves.toBeUndefined();
  });

  it("refuses a replay while the person has 5 replays being followed, naming them, before anything is sent", async () => {
    const person = as();
    // No job workers here: each replay's follow run stays queued, holding a place.
    const runIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await replay([failed[i] as string]);
      if (!answer.ok || !answer.data.runId) throw new Error("replay not followed");
      runIds.push(answer.data.runId);
    }
    const sent = replayPosts();
    const sixth = await replay([failed[5] as string]);
    expect(sixth).toMatchObject({ ok: false, error: { code: "TOO_MANY_RUNS" } });
    if (sixth.ok) throw new Error("not refused");
    expect(sixth.error.runs?.map((r) => r.id).sort()).toEqual([...runIds].sort());
    expect(sixth.error.message).toMatch(
      /^You already have 5 replays being followed going, and one person may have 5 at a time: 1 event of webhook /,
    );
    expect(replayPosts()).toBe(sent);
    expect(await recordsOf(person, sixth.error.requestId)).toMatchObject([
      { errorCode: "TOO_MANY_RUNS", intentId: null },
    ]);
    // Its events were not taken from the budget: only the five sent count.
    const [counter] = await handle.db
      .select()
      .from(tables.rateLimits)
      .where(eq(tables.rateLimits.key, `replay-events:${person.id}`));
    expect(counter?.hits).toBe(5);

    // Stopping one frees its place.
    await cancelJob(runIds[0] as string, { id: person.id, email: person.email });
    expect(await replay([failed[5] as string])).toMatchObject({ ok: true });
    expect(replayPosts()).toBe(sent + 1);
    expect(await listJobRuns({ kind: "alerts.replay-follow", startedBy: person.id, status: "queued" })).toHaveLength(5);
  });
});
