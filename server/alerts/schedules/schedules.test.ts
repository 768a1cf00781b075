import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ExportResult } from "@/lib/alerts/export";
import type { StaffUser } from "@/server/auth/users";
import { setDbForTests, tables } from "@/server/db";
import { forgetEnvForTests } from "@/server/env";
import { getJobRun, startJobWorkers } from "@/server/jobs";
import { addEvents, groundTruth, startAlertsHarness, type AlertsHarness } from "@/testing/alerts";
import { FAST_TIMING, openJobsTestDb, waitFor, type JobsTestDb } from "@/testing/jobs/helpers";
import { failingSchedules } from "./failures";
import { listSchedules } from "./store";
import { runDueSchedules } from "./tick";

const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: "req-schedules", ip: "203.0.113.9" }),
}));
// The act's look right after its answer: each test looks itself, at the moment it chooses.
vi.mock("next/server", async (importOriginal) => ({ ...(await importOriginal<object>()), after: () => undefined }));
const { createExportSchedule, stopExportSchedule } = await import("@/server/actions/alerts-schedules");

/**
 * Scheduled exports over PostgreSQL and the sandbox: each period that ended is claimed once however
 * many processes look at the same moment, exported as its owner with the schedule and period in its
 * signed manifest, copied to the archive, caught up after downtime (and said so), and not run for an
 * owner who was disabled. Periods are worked out here by hand, not with the console's calendar code.
 */
let h: AlertsHarness;
let handle: JobsTestDb;
const archive = mkdtempSync(path.join(tmpdir(), "export-archive-"));
const owner: StaffUser = {
  id: "6a1c3f0e-2b4d-4e5f-8a6b-7c8d9e0f1a2b",
  email: "rae@example.com",
  name: null,
  role: "compliance",
  mustChangePassword: false,
};

beforeAll(async () => {
  h = await startAlertsHarness({ seedEvents: 200, historyEndsAgoMs: 3_600_000 });
  process.env.CONSOLE_EXPORT_ARCHIVE_DIR = archive;
  forgetEnvForTests();
  handle = await openJobsTestDb("postgres");
  setDbForTests(handle);
  await handle.db.insert(tables.users).values({ id: owner.id, email: owner.email, role: owner.role });
  await startJobWorkers({ timing: FAST_TIMING });
});
afterAll(async () => {
  setDbForTests(undefined);
  await handle.close();
  await h.close();
  delete process.env.CONSOLE_EXPORT_ARCHIVE_DIR;
  forgetEnvForTests();
  rmSync(archive, { recursive: true, force: true });
});

const DAY = 86_400_000;
/** Saved as its owner does, through the act: its record is what makes it a schedule (./creates-on-record.ts). */
async function create(input: {
  webhookId: string;
  filters: string;
  format: "csv" | "ndjson";
  cadence: "daily" | "weekly" | "monthly";
  timeZone: string;
  includeLastPeriod: boolean;
}): Promise<{ id: string }> {
  authorize.mockResolvedValue(owner);
  const saved = await createExportSchedule(input);
  if (!saved.ok) throw new Error(`schedule not saved: ${saved.error.message}`);
  return saved.data;
}
const claimsOf = (scheduleId: string) =>
  handle.db.select().from(tables.exportScheduleRuns).where(eq(tables.exportScheduleRuns.scheduleId, scheduleId));
const finished = (runId: string) =>
  waitFor("the scheduled export to end", async () => {
    const run = await getJobRun(runId);
    return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
  });

describe("scheduled exports", () => {
  it("runs each ended period once, however many processes look at once; the manifest names its period; the archive has both files", async () => {
    // Yesterday (UTC) holds three failed events of the accepting webhook, placed there for this test.
    const today = Math.floor(Date.now() / DAY) * DAY;
    const yesterday = today - DAY;
    addEvents(h.store, h.webhooks.accepting.index, [
      { createdAt: yesterday + 3_600_000, status: "failed" },
      { createdAt: yesterday + 7_200_000, status: "failed" },
      { createdAt: today - 60_000, status: "failed" },
    ]);
    const { id } = await create({
      webhookId: h.webhooks.accepting.id,
      filters: "status=failed",
      format: "csv",
      cadence: "daily",
      timeZone: "UTC",
      includeLastPeriod: true,
    });
    // Listed before it runs, so a list kept between writes must show the run that follows and its outcome.
    expect((await listSchedules()).find((s) => s.id === id)?.runs).toEqual([]);
    // Four looks at the same moment, as four console processes would.
    const claimed = await Promise.all([1, 2, 3, 4].map(() => runDueSchedules()));
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    const claims = await claimsOf(id);
    expect(
      claims.map((c) => [new Date(c.periodStart).toISOString(), new Date(c.periodEnd).toISOString(), c.catchUp]),
      // Owed from the moment it was asked for: on time, not a catch-up.
    ).toEqual([[new Date(yesterday).toISOString(), new Date(today).toISOString(), false]]);
    // Listed while its export is under way: the list must follow the run to its end.
    expect((await listSchedules()).find((s) => s.id === id)?.runs).toHaveLength(1);
    const run = await finished(claims[0]!.jobRunId!);
    expect(run.status).toBe("succeeded");
    expect(run.startedByEmail).toBe(owner.email);
    const result = run.result as ExportResult;
    // The sandbox's own rows of that day with that status, counted here.
    const truth = groundTruth(h.store, h.webhooks.accepting.index, { fromMs: yesterday, untilMs: today }, "failed");
    expect(result.rows).toBe(truth.length);
    expect(result.manifest).toMatchObject({
      schedule: {
        scheduleId: id,
        cadence: "daily",
        timeZone: "UTC",
        period: { start: new Date(yesterday).toISOString(), end: new Date(today).toISOString() },
      },
      range: { from: new Date(yesterday).toISOString(), until: new Date(today).toISOString() },
    });
    const copies = readdirSync(path.join(archive, id)).sort();
    expect(copies).toEqual([result.fileName, `${result.fileName}.manifest.json`]);
    const copied = readFileSync(path.join(archive, id, result.fileName));
    expect(createHash("sha256").update(copied).digest("hex")).toBe(result.sha256);
    expect(JSON.parse(readFileSync(path.join(archive, id, `${result.fileName}.manifest.json`), "utf8"))).toEqual(
      result.manifest,
    );

    // Looking again claims nothing: today has not ended.
    expect(await runDueSchedules()).toBe(0);
    const [listed] = (await listSchedules()).filter((s) => s.id === id);
    expect(listed?.runs).toMatchObject([{ status: "succeeded", rows: truth.length, sha256: result.sha256 }]);
    // Where a run stands is its export's: a change to that alone shows in the list.
    await handle.db
      .update(tables.jobRuns)
      .set({ status: "failed", error: "Marked failed by hand." })
      .where(eq(tables.jobRuns.id, run.id));
    expect((await listSchedules()).find((s) => s.id === id)?.runs).toMatchObject([
      { status: "failed", message: "Marked failed by hand." },
    ]);
  });

  it("catches up every period missed while the console was down, oldest first, and says so", async () => {
    const now = new Date();
    // Saved three days ago, as a console down since then finds it: the act's clock is set back while it
    // saves (its record says where the first period began, and the row is held to that).
    vi.useFakeTimers({ toFake: ["Date"], now: now.getTime() - 3 * DAY });
    const { id } = await create({
      webhookId: h.webhooks.failing.id,
      filters: "status=success",
      format: "ndjson",
      cadence: "daily",
      timeZone: "UTC",
      includeLastPeriod: false,
    }).finally(() => vi.useRealTimers());
    expect(await runDueSchedules(now)).toBe(3);
    const claims = (await claimsOf(id)).sort((a, b) => Date.parse(a.periodStart) - Date.parse(b.periodStart));
    const today = Math.floor(now.getTime() / DAY) * DAY;
    expect(claims.map((c) => [new Date(c.periodStart).toISOString(), c.catchUp])).toEqual([
      [new Date(today - 3 * DAY).toISOString(), true],
      [new Date(today - 2 * DAY).toISOString(), true],
      [new Date(today - DAY).toISOString(), now.getTime() - today > 10 * 60_000],
    ]);
    // The owner may run two exports at once: the third waits, and is started by a later look.
    const started = claims.filter((c) => c.jobRunId !== null);
    for (const c of started) await finished(c.jobRunId!);
    const waiting = claims.filter((c) => c.jobRunId === null);
    expect(waiting.length + started.length).toBe(3);
    const later = new Date(now.getTime() + 2 * 60_000);
    await runDueSchedules(later);
    const after = await claimsOf(id);
    expect(after.every((c) => c.jobRunId !== null)).toBe(true);
    for (const c of after) expect((await finished(c.jobRunId!)).status).toBe("succeeded");
    const oldest = await getJobRun(after.find((c) => Date.parse(c.periodStart) === today - 3 * DAY)!.jobRunId!);
    expect((oldest?.result as ExportResult).manifest).toMatchObject({ schedule: { catchUp: true } });
  });

  it("a schedule whose newest run failed after its retries is failing (for the notification rule) until a later run succeeds", async () => {
    const { id } = await create({
      webhookId: h.webhooks.accepting.id,
      filters: "status=failed",
      format: "csv",
      cadence: "monthly",
      timeZone: "UTC",
      includeLastPeriod: false,
    });
    const run = async (status: "failed" | "succeeded" | "running", periodStart: string, periodEnd: string) => {
      const [job] = await handle.db
        .insert(tables.jobRuns)
        .values({ kind: "alerts.export", params: {}, status, startedById: owner.id, startedByEmail: owner.email })
        .returning();
      await handle.db.insert(tables.exportScheduleRuns).values({
        scheduleId: id,
        periodStart,
        periodEnd,
        claimedAt: new Date().toISOString(),
        catchUp: false,
        jobRunId: job!.id,
      });
    };
    const mine = async () => (await failingSchedules()).filter((f) => f.scheduleId === id);
    await run("succeeded", "2026-08-01T00:00:00.000Z", "2026-09-01T00:00:00.000Z");
    expect(await mine()).toEqual([]);
    await run("failed", "2026-09-01T00:00:00.000Z", "2026-10-01T00:00:00.000Z");
    await run("failed", "2026-10-01T00:00:00.000Z", "2026-11-01T00:00:00.000Z");
    // A run still going neither raises nor clears it.
    await run("running", "2026-11-01T00:00:00.000Z", "2026-12-01T00:00:00.000Z");
    expect(await mine()).toEqual([
      {
        scheduleId: id,
        webhookId: h.webhooks.accepting.id,
        failed: 2,
        periodStart: "2026-10-01T00:00:00.000Z",
        deleted: false,
      },
    ]);
    await handle.db
      .update(tables.jobRuns)
      .set({ status: "succeeded" })
      .where(
        eq(
          tables.jobRuns.id,
          (await claimsOf(id)).find((c) => new Date(c.periodStart).toISOString() === "2026-11-01T00:00:00.000Z")!
            .jobRunId!,
        ),
      );
    expect(await mine()).toEqual([]);
  });

  it("does not run for an owner who was disabled, nor once stopped, and keeps what ran", async () => {
    const { id } = await create({
      webhookId: h.webhooks.slow.id,
      filters: "status=failed",
      format: "csv",
      cadence: "weekly",
      timeZone: "Europe/Berlin",
      includeLastPeriod: true,
    });
    // Listed now, so a list kept between writes must show the pause and the stop that follow.
    expect((await listSchedules()).find((s) => s.id === id)).toMatchObject({ paused: null, stoppedAt: null });
    // Its last week has ended and is owed at once: only the owner's state and the stop keep it from running.
    // Each look is judged by this schedule's claims alone, not by what the other tests' schedules owe.
    const disable = (disabledAt: Date | null) =>
      handle.db.update(tables.users).set({ disabledAt }).where(eq(tables.users.id, owner.id));
    await disable(new Date());
    try {
      await runDueSchedules();
      expect(await claimsOf(id)).toEqual([]);
      const [paused] = (await listSchedules()).filter((s) => s.id === id);
      expect(paused?.paused).toBe(`Paused: ${owner.email}'s account is disabled`);
    } finally {
      // Enabled again whatever happened above, so a retry starts from an owner who may export.
      await disable(null);
    }
    expect((await listSchedules()).find((s) => s.id === id)?.paused).toBeNull();
    // Stopped by its owner, through the act: its audit record is the stop.
    authorize.mockResolvedValue(owner);
    expect(await stopExportSchedule({ id })).toMatchObject({ ok: true });
    expect((await listSchedules()).find((s) => s.id === id)?.paused).toBe(`Stopped by ${owner.email}`);
    await runDueSchedules();
    expect(await claimsOf(id)).toEqual([]);
    const rows = await handle.db.select().from(tables.exportSchedules).where(eq(tables.exportSchedules.id, id));
    expect(rows[0]?.stoppedByEmail).toBe(owner.email);
    const again = await stopExportSchedule({ id });
    expect(!again.ok && again.error.message).toContain("already stopped");
    authorize.mockResolvedValue({ ...owner, id: "00000000-0000-4000-8000-000000000001", role: "compliance" });
    const other = await stopExportSchedule({ id });
    expect(!other.ok && other.error.message).toContain("Only its owner");
  });

  it("a stop a database writer puts in the table is not one: the schedule runs, the list says so, its owner may stop it", async () => {
    const { id } = await create({
      webhookId: h.webhooks.slow.id,
      filters: "status=success",
      format: "ndjson",
      cadence: "weekly",
      timeZone: "UTC",
      includeLastPeriod: true,
    });
    await handle.db
      .update(tables.exportSchedules)
      .set({ stoppedAt: new Date().toISOString(), stoppedByEmail: owner.email })
      .where(eq(tables.exportSchedules.id, id));
    // Its last week has ended and is owed: it is claimed and exported as if no stop were written.
    await runDueSchedules();
    const [claim] = await claimsOf(id);
    expect(claim?.jobRunId).toBeTruthy();
    expect((await finished(claim!.jobRunId!)).status).toBe("succeeded");
    expect((await listSchedules()).find((s) => s.id === id)).toMatchObject({
      stoppedAt: null,
      paused: "Running: a stop not on the audit record was ignored",
    });
    authorize.mockResolvedValue(owner);
    expect(await stopExportSchedule({ id })).toMatchObject({ ok: true });
    expect((await listSchedules()).find((s) => s.id === id)?.paused).toBe(`Stopped by ${owner.email}`);
  });

  it("a schedule a database writer adds, changes or moves back does not run; one they delete is listed and reported until stopped", async () => {
    const weekly = {
      webhookId: h.webhooks.slow.id,
      format: "csv" as const,
      cadence: "weekly" as const,
      timeZone: "UTC",
      includeLastPeriod: true,
    };
    const changed = await create({ ...weekly, filters: "status=failed" });
    const deleted = await create({ ...weekly, filters: "status=success" });
    const movedBack = await create({ ...weekly, filters: "status=pending" });
    const [row] = await handle.db
      .select()
      .from(tables.exportSchedules)
      .where(eq(tables.exportSchedules.id, changed.id));
    // Added: a copy of a saved row under a new id, as its owner. Changed: the saved one now exports every status.
    const [added] = await handle.db
      .insert(tables.exportSchedules)
      .values({ ...row!, id: "7b0c2a44-1d3e-4f50-9a61-b2c3d4e5f601", filters: { ...(row!.filters as object) } })
      .returning();
    const intruder = { ...owner, id: "00000000-0000-4000-8000-000000000002", email: "ivo@example.com" };
    await handle.db
      .update(tables.exportSchedules)
      .set({ filters: { ...(row!.filters as object), statuses: [] }, ownerId: intruder.id, ownerEmail: intruder.email })
      .where(eq(tables.exportSchedules.id, changed.id));
    await handle.db.delete(tables.exportSchedules).where(eq(tables.exportSchedules.id, deleted.id));
    // Moved back: begun four weeks earlier, it would export those weeks to the archive, as its owner.
    const [moved] = await handle.db
      .select()
      .from(tables.exportSchedules)
      .where(eq(tables.exportSchedules.id, movedBack.id));
    await handle.db
      .update(tables.exportSchedules)
      .set({ firstPeriodStart: new Date(Date.parse(moved!.firstPeriodStart) - 28 * DAY).toISOString() })
      .where(eq(tables.exportSchedules.id, movedBack.id));

    // Each one's last week has ended and is owed at once: none of the three is claimed.
    await runDueSchedules();
    for (const id of [added!.id, changed.id, deleted.id, movedBack.id]) expect(await claimsOf(id)).toEqual([]);
    const listed = await listSchedules();
    const notAsRecorded = "Not run: changed outside the console";
    expect(listed.find((s) => s.id === added!.id)?.paused).toBe(notAsRecorded);
    expect(listed.find((s) => s.id === changed.id)?.paused).toBe(notAsRecorded);
    expect(listed.find((s) => s.id === movedBack.id)?.paused).toBe(notAsRecorded);
    expect(listed.find((s) => s.id === deleted.id)).toMatchObject({
      webhookId: h.webhooks.slow.id,
      ownerEmail: owner.email,
      paused: "Not run: deleted outside the console",
    });
    // Whose it is stays what its record says: the person a writer named in the row cannot stop it.
    authorize.mockResolvedValue(intruder);
    const refused = await stopExportSchedule({ id: changed.id });
    expect(!refused.ok && refused.error.message).toContain(`Only its owner (${owner.email})`);
    // The failing-schedules rule reports the deleted one, until its owner stops it.
    const reported = async () => (await failingSchedules()).filter((f) => f.scheduleId === deleted.id);
    expect(await reported()).toEqual([
      { scheduleId: deleted.id, webhookId: h.webhooks.slow.id, failed: 0, periodStart: null, deleted: true },
    ]);
    authorize.mockResolvedValue(owner);
    expect(await stopExportSchedule({ id: deleted.id })).toMatchObject({ ok: true });
    expect(await reported()).toEqual([]);
    expect((await listSchedules()).find((s) => s.id === deleted.id)?.paused).toBe(`Stopped by ${owner.email}`);
  });
});
