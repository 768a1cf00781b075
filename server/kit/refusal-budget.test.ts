import { AsyncLocalStorage } from "node:async_hooks";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { can, type Permission } from "@/lib/auth/permissions";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";

/**
 * A signed-in person flooding the console with refused calls (a role without the permission, bad
 * input) gets each one answered, but only the first 20 a minute of one action are recorded one by
 * one; the rest are counted and the count recorded once the minute is over. Nobody else's records
 * are touched, and the records of a flood add up to every call in it.
 */

// Who is calling, per call: parallel calls by different people must not see each other's session.
const caller = new AsyncLocalStorage<{ user?: StaffUser; ip: string; requestId: string }>();
vi.mock("@/server/auth/session", async (original) => {
  const actual = await original<typeof Session>();
  const { forbidden, unauthenticated } = await import("@/server/errors");
  return {
    ...actual,
    // As the real one decides, from the caller's user (the refusal names whom it refused).
    authorize: async (requirement: Permission | "signed-in") => {
      const user = caller.getStore()?.user;
      if (!user) throw unauthenticated();
      if (requirement !== "signed-in" && !can(user.role, requirement))
        throw forbidden(actual.describePermission(requirement), user);
      return user;
    },
  };
});
vi.mock("@/server/request-context", () => ({
  requestContext: async () => {
    const store = caller.getStore();
    return { requestId: store?.requestId ?? "none", ip: store?.ip ?? null };
  },
}));

const { defineAction } = await import("./define-action");
const { recordEndedRefusalMinutes } = await import("@/server/audit/refusal-counts");
const { REFUSALS_RECORDED_PER_MINUTE } = await import("@/server/audit/refusal-scopes");
const { verifyChain } = await import("@/server/audit/verify");

const BUDGET = 20;
const person = (n: number, role: StaffUser["role"]): StaffUser => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  email: `person-${n}@example.com`,
  name: null,
  role,
  mustChangePassword: false,
});

const manageUsers = defineAction({
  action: "test.manage",
  secretFields: ["token"],
  permission: "users:manage",
  input: z.object({ name: z.string().min(2, "Too short"), token: z.string().optional() }),
  target: (input) => input.name,
  run: async (input) => `managed ${input.name}`,
});

const T0 = new Date("2026-06-01T10:00:00.000Z");

describe.each<TestDbKind>(["pglite", "postgres"])("refusals by a signed-in person on %s", (kind) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb(kind);
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  // Only Date: the budget's minute reads the clock; the database and the scheduler run for real.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  let nextPerson = 1;
  /** A staff member with an account, as a session would name them. */
  const staff = async (role: StaffUser["role"]) => {
    const user = person(nextPerson++, role);
    await handle.db.insert(tables.users).values({ ...user, passwordHash: null, source: "sso" });
    return user;
  };
  const as = <T>(user: StaffUser | undefined, ip: string, call: () => Promise<T>) =>
    caller.run({ user, ip, requestId: `req-${Math.random().toString(36).slice(2)}` }, call);
  const recordsOf = (user: StaffUser) =>
    handle.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.actorId, user.id))
      .orderBy(asc(tables.auditLog.seq));
  /** How many refused calls a set of records stands for: one each, or the count a count record holds. */
  const standsFor = (rows: { input: unknown }[]) =>
    rows.reduce((sum, r) => {
      const counted = (r.input as { countedNotRecorded?: number } | null)?.countedNotRecorded;
      return sum + (counted ?? 1);
    }, 0);

  it("records 20 of 200 refused calls one by one and the other 180 as a count; another person's calls are recorded as usual", async () => {
    expect(REFUSALS_RECORDED_PER_MINUTE.person).toBe(BUDGET);
    const flooder = await staff("compliance");
    const other = await staff("admin");
    const answers: string[] = [];
    const others: string[] = [];
    // Ten waves of 20 parallel refusals, each wave beside one refused and one allowed call of another person.
    for (let wave = 0; wave < 10; wave++) {
      const results = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          as(flooder, "198.51.100.60", () =>
            manageUsers({ name: `victim-${wave}-${i}`, token: "Flood-Token-Secret-1" }),
          ),
        ),
        as(other, "198.51.100.61", () => manageUsers({ name: "x" })),
        as(other, "198.51.100.61", () => manageUsers({ name: `carol-${wave}` })),
      ]);
      answers.push(...results.slice(0, 20).map((r) => (r.ok ? "ok" : r.error.code)));
      others.push(...results.slice(20).map((r) => (r.ok ? "ok" : r.error.code)));
    }
    // Every call is answered as before: the budget bounds records, not answers.
    expect(answers).toEqual(Array(200).fill("FORBIDDEN"));
    expect(others).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? "VALIDATION" : "ok")));

    const during = await recordsOf(flooder);
    expect(during).toHaveLength(BUDGET);
    expect(during.every((r) => r.errorCode === "FORBIDDEN" && r.actorEmail === flooder.email)).toBe(true);
    // The record of the refusal that reached the budget says so (the parallel appends may land in any order).
    const noted = during.filter((r) =>
      String((r.input as { note?: unknown } | null)?.note ?? "").includes("counted, not recorded"),
    );
    expect(noted).toHaveLength(1);

    // The minute is over and nobody else closed it: the sweep records the count, once.
    vi.setSystemTime(new Date(T0.getTime() + 61_000));
    expect(await recordEndedRefusalMinutes(handle.db)).toBe(1);
    expect(await recordEndedRefusalMinutes(handle.db)).toBe(0);
    const after = await recordsOf(flooder);
    expect(after.length).toBeLessThanOrEqual(BUDGET + 1);
    expect(standsFor(after)).toBe(200);
    expect(after.at(-1)).toMatchObject({
      action: "test.manage",
      actorEmail: flooder.email,
      actorRole: "compliance",
      errorMessage: expect.stringMatching(
        /^180 more refusals of test\.manage by person-\d+@example\.com were counted, not recorded/,
      ),
      input: { countedNotRecorded: 180, from: T0.toISOString(), until: "2026-06-01T10:01:00.000Z" },
    });

    // The other person: each refused call recorded, each allowed one with its intent and outcome.
    const theirs = await recordsOf(other);
    expect(theirs.map((r) => [r.outcome, r.errorCode]).sort()).toEqual(
      [
        ...Array(10).fill(["error", "VALIDATION"]),
        ...Array(10).fill(["intent", null]),
        ...Array(10).fill(["ok", null]),
      ].sort(),
    );
    // No token the flood sent is on any record; the chain still verifies.
    const all = await handle.db.select().from(tables.auditLog);
    expect(JSON.stringify(all)).not.toContain("Flood-Token-Secret-1");
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true });
  });

  it("has the first refusal of the next minute record the count before its own record", async () => {
    const flooder = await staff("support");
    for (let i = 0; i < 50; i++) await as(flooder, "198.51.100.62", () => manageUsers({ name: `n-${i}` }));
    vi.setSystemTime(new Date(T0.getTime() + 90_000));
    await as(flooder, "198.51.100.62", () => manageUsers({ name: "one-more" }));
    const rows = await recordsOf(flooder);
    expect(rows).toHaveLength(BUDGET + 2);
    expect(rows.at(-2)?.input).toMatchObject({ countedNotRecorded: 30 });
    expect(rows.at(-1)).toMatchObject({ errorCode: "FORBIDDEN", target: "one-more" });
    expect(standsFor(rows)).toBe(51);
    // Already recorded: the sweep has nothing to add.
    vi.setSystemTime(new Date(T0.getTime() + 200_000));
    expect(await recordEndedRefusalMinutes(handle.db)).toBe(0);
  });

  it("counts each action apart, and records the count once when the sweep and new refusals race", async () => {
    const flooder = await staff("developer");
    const other = defineAction({
      action: "test.other",
      secretFields: [],
      permission: "users:manage",
      input: z.object({}),
      run: async () => "done",
    });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => as(flooder, "198.51.100.63", () => manageUsers({ name: `n-${i}` }))),
    );
    await Promise.all(Array.from({ length: 25 }, () => as(flooder, "198.51.100.63", () => other({}))));
    expect(await recordsOf(flooder)).toHaveLength(2 * BUDGET);
    vi.setSystemTime(new Date(T0.getTime() + 61_000));
    const [swept] = await Promise.all([
      recordEndedRefusalMinutes(handle.db),
      ...Array.from({ length: 5 }, () => as(flooder, "198.51.100.63", () => manageUsers({ name: "late" }))),
      ...Array.from({ length: 5 }, () => as(flooder, "198.51.100.63", () => other({}))),
    ]);
    expect(swept).toBeLessThanOrEqual(2);
    await recordEndedRefusalMinutes(handle.db);
    const rows = await recordsOf(flooder);
    const counts = rows.filter((r) => (r.input as { countedNotRecorded?: number } | null)?.countedNotRecorded);
    expect(
      counts.map((r) => [r.action, (r.input as { countedNotRecorded: number }).countedNotRecorded]).sort(),
    ).toEqual([
      ["test.manage", 10],
      ["test.other", 5],
    ]);
    expect(standsFor(rows)).toBe(30 + 25 + 10);
  });

  it("bounds calls without a session per address the same way, and records their count", async () => {
    const ip = "198.51.100.64";
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => as(undefined, ip, () => manageUsers({ name: "anon" }))),
    );
    expect(answers.every((a) => !a.ok && a.error.code === "UNAUTHENTICATED")).toBe(true);
    const fromThere = () =>
      handle.db
        .select()
        .from(tables.auditLog)
        .where(and(eq(tables.auditLog.ip, ip), isNull(tables.auditLog.actorId)))
        .orderBy(asc(tables.auditLog.seq));
    expect(await fromThere()).toHaveLength(REFUSALS_RECORDED_PER_MINUTE.address);
    vi.setSystemTime(new Date(T0.getTime() + 61_000));
    await recordEndedRefusalMinutes(handle.db);
    const rows = await fromThere();
    expect(rows.at(-1)).toMatchObject({
      action: "audit.refusals-counted",
      errorMessage: expect.stringMatching(/^50 more calls without a session from 198\.51\.100\.64 were counted/),
    });
    expect(standsFor(rows)).toBe(60);
  });
});
