import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditFiltersSchema } from "@/lib/audit";
import { parseUtcMinute } from "@/lib/audit/time";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { appendAudit } from "./append";
import { checkpointsWritten } from "./checkpoint-schedule";
import { auditFacets } from "./facets";
import { getAuditRecord, iterateAudit, listAudit, shownAuditPage } from "./query";

const actor = { id: "u1", email: "alice@example.com", role: "admin" };
const filters = (raw: Record<string, string>) => auditFiltersSchema.parse(raw);
/** The filter a person types in the form: "2026-11-21 09:30". */
const typed = (text: string) => {
  const parsed = parseUtcMinute(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.iso;
};

describe.each<TestDbKind>(["pglite", "postgres"])("audit queries on %s", (kind) => {
  let handle: DbHandle;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    handle = await openTestDb(kind);
    const add = async (name: string, entry: Parameters<typeof appendAudit>[0], at?: string) => {
      const { id } = await appendAudit(entry, handle.db);
      // Times set by hand (the chain is not what these tests look at), once the first record's
      // checkpoint is written: a checkpoint verifies first, and would find the edits.
      await checkpointsWritten();
      if (at) await handle.db.update(tables.auditLog).set({ at }).where(eq(tables.auditLog.id, id));
      ids[name] = id;
    };
    await add("before", { actor, action: "auth.sign-in", outcome: "ok" }, "2026-11-21T09:29:59.999999Z");
    await add("start", { actor, action: "auth.sign-in", outcome: "ok" }, "2026-11-21T09:30:00Z");
    await add("last", { actor, action: "auth.sign-in", outcome: "ok" }, "2026-11-21T09:30:59.999999Z");
    await add("after", { actor, action: "auth.sign-in", outcome: "ok" }, "2026-11-21T09:31:00Z");
    for (const code of ["INVALID_CREDENTIALS", "INVALID_CREDENTIALS", "LOCKED"])
      await add(code, {
        actor: { id: null, email: "mallory@example.com", role: null },
        action: "auth.sign-in-failed",
        target: "mallory@example.com",
        outcome: "error",
        errorCode: code,
      });
    await add("odd", { actor, action: "legacy.thing", outcome: "error", errorCode: "FROM_AN_OLD_VERSION" });
    await add("intent", { actor, action: "users.update", target: randomUUID(), outcome: "intent" });
    await add("noise", { actor, action: "audit.verify", outcome: "ok" });
    await add("outcome", {
      actor,
      action: "users.update",
      outcome: "error",
      errorCode: "CONFLICT",
      intentId: ids.intent,
    });
    await add("lonely-intent", { actor, action: "clients.create", outcome: "intent" });
    await add("replay", { actor, action: "alerts.replay", outcome: "ok" });
    await add("replay-all", { actor, action: "alerts.replay-all", outcome: "ok" });
    await add("export", { actor, action: "alerts.export", outcome: "ok" });
    // A name with LIKE's wildcards in it: a typed prefix matches it literally.
    await add("odd-underscore", { actor, action: "legacy.a_b", outcome: "ok" });
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle?.close();
  });

  const seqs = async (raw: Record<string, string>) =>
    (await listAudit(handle.db, filters(raw), { limit: 100 })).records.map((r) => r.id);

  it("serves the page as the log holds it: a record appended, an account made since", async () => {
    const wanted = filters({ action: "users.create" });
    const served = async () => {
      const page = await shownAuditPage(wanted, { limit: 50 });
      expect(page).toEqual(await listAudit(handle.db, wanted, { limit: 50 }));
      return page;
    };
    const before = await served();
    const email = `newcomer-${kind}@example.com`;
    const { id } = await appendAudit({ actor, action: "users.create", target: email, outcome: "ok" }, handle.db);
    const appended = await served();
    expect(appended.records.map((r) => r.id)).toEqual([id, ...before.records.map((r) => r.id)]);
    // No account of that address yet: the target is plain text; once there is one, it links to it.
    expect(appended.records[0]!.targetLink).toBeNull();
    await handle.db.insert(tables.users).values({ email, role: "support" });
    expect((await served()).records[0]!.targetLink).toMatchObject({ kind: "user", label: email });
  });

  it("includes the whole “to” minute, down to the microsecond, and nothing after it", async () => {
    const minute = typed("2026-11-21 09:30");
    expect(await seqs({ from: minute, to: minute })).toEqual([ids.last, ids.start]);
    expect(await seqs({ to: minute })).toEqual([ids.last, ids.start, ids.before]);
    expect(await seqs({ from: typed("2026-11-21 09:31"), to: typed("2026-11-21 09:31") })).toEqual([ids.after]);
    // A "to" with seconds in a hand-edited URL still means its whole minute.
    expect(await seqs({ from: minute, to: "2026-11-21T09:30:10Z" })).toEqual([ids.last, ids.start]);
  });

  it("filters by error code, in the list and in the export", async () => {
    const invalid = await listAudit(handle.db, filters({ errorCode: "INVALID_CREDENTIALS" }), { limit: 100 });
    expect(invalid.records.map((r) => r.errorCode)).toEqual(["INVALID_CREDENTIALS", "INVALID_CREDENTIALS"]);
    expect(await seqs({ outcome: "error", errorCode: "LOCKED" })).toEqual([ids.LOCKED]);
    expect(await seqs({ errorCode: "NOT_A_CODE_ANYONE_WROTE" })).toEqual([]);
    const exported = [];
    for await (const r of iterateAudit(handle.db, filters({ errorCode: "INVALID_CREDENTIALS" }), 1)) exported.push(r);
    expect(exported.map((r) => r.id)).toEqual(invalid.records.map((r) => r.id));
  });

  it("matches a known action's full name alone, and any typed start of a name as a prefix", async () => {
    const sorted = async (action: string) => (await seqs({ action })).sort();
    const of = (...names: string[]) => names.map((n) => ids[n]!).sort();
    expect(await sorted("alerts.replay")).toEqual(of("replay"));
    expect(await sorted("alerts.replay*")).toEqual(of("replay", "replay-all"));
    expect(await sorted("alerts.rep")).toEqual(of("replay", "replay-all"));
    expect(await sorted("ALERTS.")).toEqual(of("replay", "replay-all", "export"));
    expect(await sorted("auth.sign-in")).toEqual(of("before", "start", "last", "after"));
    expect((await sorted("auth.sign")).length).toBe(7);
    expect(await sorted("legacy.a_")).toEqual(of("odd-underscore"));
    expect(await sorted("legacy.a%")).toEqual([]);
  });

  it("gives a record with its intent, and an intent with its outcome", async () => {
    const outcome = await getAuditRecord(handle.db, ids.outcome!);
    expect(outcome?.record).toMatchObject({ id: ids.outcome, errorCode: "CONFLICT", intentId: ids.intent });
    expect(outcome?.intent).toMatchObject({ id: ids.intent, outcome: "intent" });
    expect(outcome?.outcome).toBeNull();

    const intent = await getAuditRecord(handle.db, ids.intent!);
    expect(intent?.outcome).toMatchObject({ id: ids.outcome, outcome: "error", errorCode: "CONFLICT" });
    expect(intent?.intent).toBeNull();

    expect((await getAuditRecord(handle.db, ids["lonely-intent"]!))?.outcome).toBeNull();
    expect(await getAuditRecord(handle.db, randomUUID())).toBeNull();
  });

  it("offers the known actions and codes and whatever else the log holds", async () => {
    const facets = await auditFacets(handle.db);
    expect(facets.actions).toEqual(expect.arrayContaining(["legacy.thing", "auth.sign-in", "eject.approve"]));
    expect(facets.errorCodes).toEqual(
      expect.arrayContaining(["FROM_AN_OLD_VERSION", "INVALID_CREDENTIALS", "NO_ROLE", "AUDIT_UNAVAILABLE"]),
    );
    expect(new Set(facets.actions).size).toBe(facets.actions.length);
  });
});
