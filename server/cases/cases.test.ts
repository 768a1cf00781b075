import { createPublicKey, verify } from "node:crypto";
import canonicalize from "canonicalize";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { verifyChain } from "@/server/audit/verify";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";
import { openTestDb } from "@/testing/db";

const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: "req-case", ip: "203.0.113.7" }),
}));

const { defineAction } = await import("@/server/kit/define-action");
const { requireCase, downloadCaseBundle } = await import("@/server/actions/cases");
const { listAudit } = await import("@/server/audit/query");
const { signDocument } = await import("@/server/evidence/sign");
const { CASE_BUNDLES_PER_PERSON, CASE_BUNDLE_BUDGET_MINUTES } = await import("@/server/cases/bundle-budget");
const { listCaseRequirements } = await import("@/server/cases/requirements");

const admin = {
  id: "0b7e4b52-3f0e-4c53-9a51-6f0f5b1c2d01",
  email: "ada@example.com",
  name: null,
  role: "admin" as const,
};

/** Ed25519 over RFC 8785 JSON, checked with Node's crypto and a third-party canonicalizer, not the console's code. */
function signatureHolds(doc: Record<string, unknown>): boolean {
  const { signature, ...body } = doc as { signature: { publicKey: string; value: string } };
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), Buffer.from(signature.publicKey, "hex")]),
    format: "der",
    type: "spki",
  });
  return verify(null, Buffer.from(canonicalize(body)!, "utf8"), key, Buffer.from(signature.value, "hex"));
}

describe("cases", () => {
  let handle: DbHandle;
  const ran = vi.fn(async (input: { note: string }) => ({ echoed: input.note }));
  // Stands for any sensitive act: the case rules are defineAction's, whatever the act.
  const act = defineAction({
    action: "credentials.web-otp",
    secretFields: [],
    permission: "credentials:issue",
    input: z.object({ note: z.string() }),
    target: () => "client-1",
    run: ran,
  });
  const records = async () => handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));

  beforeAll(async () => {
    process.env.CONSOLE_CASE_URL_HOSTS = "tickets.example.com";
    forgetEnvForTests();
    handle = await openTestDb("pglite");
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
    delete process.env.CONSOLE_CASE_URL_HOSTS;
    forgetEnvForTests();
  });
  beforeEach(async () => {
    authorize.mockReset().mockResolvedValue(admin);
    ran.mockClear();
    // Every requirement an earlier test left standing is lifted as an administrator would lift it.
    for (const r of await listCaseRequirements())
      if (r.required) expect((await requireCase({ action: r.action, required: false })).ok).toBe(true);
  });

  it("seals the case on the intent and the outcome of an act, normalized", async () => {
    const before = (await records()).length;
    const result = await act({ note: "one" }, { caseRef: " abc-42 " });
    expect(result.ok).toBe(true);
    const written = (await records()).slice(before);
    expect(written.map((r) => [r.outcome, (r.input as { case?: string }).case])).toEqual([
      ["intent", "ABC-42"],
      ["ok", "ABC-42"],
    ]);
    expect((await verifyChain(handle.db)).ok).toBe(true);
  });

  it("refuses what is not a case, by field, before the act, and records no case", async () => {
    for (const caseRef of [
      "http://tickets.example.com/browse/ABC-1",
      "https://evil.example.net/ABC-1",
      "https://user:pw@tickets.example.com/ABC-1",
      "https://tickets.example.com:8443/ABC-1",
      "drop table",
      "x".repeat(301),
    ]) {
      const result = await act({ note: "bad" }, { caseRef });
      expect(result.ok, caseRef).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe("VALIDATION");
        expect(result.error.fields?.caseRef).toBeTruthy();
      }
    }
    const stray = await act({ note: "bad" }, { caseRef: "ABC-1", other: "x" } as never);
    expect(stray.ok).toBe(false);
    expect(ran).not.toHaveBeenCalled();
    const last = (await records()).at(-1)!;
    expect(last.outcome).toBe("error");
    expect((last.input as { case?: string } | null)?.case).toBeUndefined();
  });

  it("takes a ticket link on an allowed host, as the URL standard writes it, without its fragment", async () => {
    const result = await act({ note: "link" }, { caseRef: "https://Tickets.Example.com/browse/ABC-7#comment-3" });
    expect(result.ok).toBe(true);
    const last = (await records()).at(-1)!;
    expect((last.input as { case: string }).case).toBe("https://tickets.example.com/browse/ABC-7");
  });

  it("an act an administrator requires a case for is refused without one and done with one; the setting is audited", async () => {
    const set = await requireCase({ action: "credentials.web-otp", required: true });
    expect(set).toMatchObject({ ok: true, data: { changed: true } });
    const setting = (await records()).at(-1)!;
    expect(setting).toMatchObject({
      action: "cases.require",
      outcome: "ok",
      actorEmail: admin.email,
      target: "credentials.web-otp",
    });

    const without = await act({ note: "no case" });
    expect(without.ok).toBe(false);
    if (!without.ok) expect(without.error.fields?.caseRef).toBe("Required for this act");
    expect(ran).not.toHaveBeenCalled();

    expect((await act({ note: "with case" }, { caseRef: "OPS-9" })).ok).toBe(true);
    expect(ran).toHaveBeenCalledTimes(1);

    await requireCase({ action: "credentials.web-otp", required: false });
    expect((await act({ note: "no longer required" })).ok).toBe(true);
  });

  it("only an administrator sets requirements, and only for the acts listed", async () => {
    const { forbidden } = await import("@/server/errors");
    authorize.mockReset().mockRejectedValue(forbidden("users:manage"));
    const refused = await requireCase({ action: "eject.approve", required: true });
    expect(refused.ok).toBe(false);
    expect((await listCaseRequirements()).filter((r) => r.required)).toEqual([]);
    authorize.mockReset().mockResolvedValue(admin);
    const unknown = await requireCase({ action: "auth.sign-in", required: true } as never);
    expect(unknown.ok).toBe(false);
  });

  it("the users page's list of requirements shows each change at once, with who made it required and since when", async () => {
    const required = async () => (await listCaseRequirements()).filter((r) => r.required);
    expect(await required()).toEqual([]);
    expect((await requireCase({ action: "eject.approve", required: true })).ok).toBe(true);
    const first = (await records()).at(-1)!;
    // Asked again while it holds: nothing changes, and it is still required since the first time.
    expect(await requireCase({ action: "eject.approve", required: true })).toMatchObject({ data: { changed: false } });
    expect(await required()).toEqual([
      {
        action: "eject.approve",
        label: "Approve a key ejection",
        required: true,
        requiredBy: admin.email,
        requiredAt: new Date(first.at).toISOString(),
      },
    ]);
    expect(await requireCase({ action: "eject.approve", required: false })).toMatchObject({ data: { changed: true } });
    expect(await required()).toEqual([]);
  });

  it("the audit filter finds exactly the records of a case", async () => {
    await act({ note: "a" }, { caseRef: "FIND-1" });
    await act({ note: "b" }, { caseRef: "FIND-2" });
    await act({ note: "c" }, { caseRef: "FIND-1" });
    const page = await listAudit(handle.db, { case: "FIND-1" }, { limit: 50 });
    const all = (await records()).filter((r) => (r.input as { case?: string } | null)?.case === "FIND-1");
    expect(page.records.map((r) => r.seq).sort((a, b) => a - b)).toEqual(all.map((r) => r.seq));
    expect(all).toHaveLength(4);
  });

  it("the case bundle holds every record of the case with its chain position, signed; and the manifests of its exports", async () => {
    await act({ note: "x" }, { caseRef: "BUN-1" });
    await act({ note: "y" }, { caseRef: "BUN-2" });
    // An export started under the case: its run holds the signed manifest (the file itself may be swept).
    const manifest = await signDocument(handle.db, {
      kind: "audit.export",
      format: "csv",
      rows: 3,
      file: { name: "audit.csv", bytes: 10, sha256: "0".repeat(64) },
    });
    const [run] = await handle.db
      .insert(tables.jobRuns)
      .values({
        kind: "audit.export",
        params: {},
        status: "succeeded",
        result: { manifest },
        startedById: admin.id,
        startedByEmail: admin.email,
      })
      .returning();
    const exportStart = defineAction({
      action: "audit.export-start",
      secretFields: [],
      permission: "audit:read",
      input: z.object({}),
      run: async () => ({ id: run!.id, status: "queued" }),
      auditResult: (r) => ({ runId: r.id, status: r.status }),
    });
    expect((await exportStart({}, { caseRef: "BUN-1" })).ok).toBe(true);

    // A key ejection decided under the case: its signed evidence pack joins the bundle.
    const requestId = "3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c";
    const pack = await signDocument(handle.db, { kind: "eject.evidence", requestId, clientId: "client-1" });
    await handle.db.insert(tables.ejectEvidence).values({
      requestId,
      clientId: "client-1",
      pack,
      keyId: pack.signature.keyId,
      signedAt: new Date(),
    });
    const approve = defineAction({
      action: "eject.approve",
      secretFields: [],
      permission: "eject:approve",
      input: z.object({ requestId: z.string() }),
      target: (input) => input.requestId,
      run: async () => ({}),
    });
    expect((await approve({ requestId }, { caseRef: "BUN-1" })).ok).toBe(true);

    const result = await downloadCaseBundle({ caseRef: "bun-1" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const bundle = JSON.parse(result.data.content) as Record<string, unknown> & {
      records: { seq: number; id: string; hash: string; prevHash: string; action: string; input: { case: string } }[];
      exports: Record<string, unknown>[];
      ejectPacks: Record<string, unknown>[];
    };
    expect(signatureHolds(bundle)).toBe(true);
    const expected = (await records()).filter((r) => (r.input as { case?: string } | null)?.case === "BUN-1");
    expect(bundle.case).toBe("BUN-1");
    expect(bundle.recordCount).toBe(expected.length);
    expect(bundle.records.map((r) => [r.seq, r.id, r.hash, r.prevHash])).toEqual(
      expected.map((r) => [r.seq, r.id, r.hash, r.prevHash]),
    );
    expect(bundle.exports).toEqual([manifest]);
    expect(bundle.ejectPacks).toEqual([pack]);
    expect(signatureHolds(bundle.ejectPacks[0]!)).toBe(true);
    expect(signatureHolds(bundle.exports[0]!)).toBe(true);
    // The bundle's download is itself an act on record, under its target case.
    const last = (await records()).at(-1)!;
    expect(last).toMatchObject({ action: "cases.bundle", outcome: "ok", target: "BUN-1" });

    const tampered = { ...bundle, recordCount: (bundle.recordCount as number) + 1 };
    expect(signatureHolds(tampered)).toBe(false);
  });

  it("a case without records gets a clear answer, not an empty bundle", async () => {
    const result = await downloadCaseBundle({ caseRef: "NONE-404" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain("No audit record was made under case NONE-404");
  });
  it("one person's bundles are bounded: past the budget the next is refused before anything is gathered", async () => {
    const reviewer = {
      ...admin,
      id: "5d1c0a7e-2b3f-4e8a-9c6d-7e8f9a0b1c2d",
      email: "rev@example.com",
      role: "compliance" as const,
    };
    authorize.mockReset().mockResolvedValue(reviewer);
    for (let i = 0; i < CASE_BUNDLES_PER_PERSON; i++)
      expect(await downloadCaseBundle({ caseRef: "BUN-1" })).toMatchObject({ ok: true });
    const before = (await records()).length;

    const over = await downloadCaseBundle({ caseRef: "BUN-1" });
    if (over.ok) throw new Error("not refused");
    expect(over.error.code).toBe("RATE_LIMITED");
    expect(over.error.retryAfterSeconds).toBeGreaterThan(0);
    expect(over.error.retryAfterSeconds).toBeLessThanOrEqual(CASE_BUNDLE_BUDGET_MINUTES * 60);
    expect(over.error.message).toMatch(/^No bundle was made: .*Try again after \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    // On record as a refusal only: no intent, nothing gathered.
    const added = (await records()).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: "cases.bundle",
      outcome: "error",
      errorCode: "RATE_LIMITED",
      intentId: null,
    });

    // Another person's budget is their own.
    authorize.mockReset().mockResolvedValue(admin);
    expect(await downloadCaseBundle({ caseRef: "BUN-1" })).toMatchObject({ ok: true });
  });

  it("a case rewritten in the database breaks the chain there", async () => {
    await act({ note: "two" }, { caseRef: "ABC-43" });
    const [row] = await handle.db
      .select()
      .from(tables.auditLog)
      .where(sql`${tables.auditLog.input}->>'case' = 'ABC-43'`)
      .limit(1);
    const original = row!.input;
    await handle.db
      .update(tables.auditLog)
      .set({ input: { ...(original as object), case: "XYZ-1" } })
      .where(eq(tables.auditLog.seq, row!.seq));
    // Last in the file: the break raises the chain alarm, which stops every later act.
    expect((await verifyChain(handle.db)).ok).toBe(false);
  });
});
