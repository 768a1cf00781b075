import { desc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { AppError, forbidden } from "@/server/errors";
import { openTestDb } from "@/testing/db";

/**
 * No value of a refused input on its record or in its answer: a password change refused by
 * validation, the three ways a zod message or path can quote the input, a role refusal, and the
 * declared secret fields of accepted input.
 */
const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: "req-r", ip: "203.0.113.4" }),
}));

const { defineAction } = await import("./define-action");
const { changePassword } = await import("@/server/actions/account");
const { hashPassword } = await import("@/server/auth/password");

const staff = { id: "5d0c9c1e-1d7b-4a49-9f5e-1a1e1c1e1d7c", email: "pat@example.com", name: null, role: "admin" };

describe("what a refusal keeps", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openTestDb("pglite");
    setDbForTests(handle);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });
  beforeEach(() => {
    authorize.mockReset().mockResolvedValue(staff);
  });

  const lastRecords = async (n = 1) =>
    (await handle.db.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(n)).reverse();

  /** The values typed must be nowhere in the answer or the newest record. */
  async function expectNoValue(answer: unknown, values: string[]) {
    const [record] = await lastRecords();
    const text = JSON.stringify([answer, record]);
    for (const value of values) expect(text, `"${value}" was echoed`).not.toContain(value);
    return record!;
  }

  describe("a password change refused by validation", () => {
    const cases = [
      {
        what: "too short",
        input: { current: "Current-Secret-1", next: "Short-9", confirm: "Short-9" },
        fields: { next: "At least 12 characters" },
      },
      {
        what: "not matching",
        input: { current: "Current-Secret-1", next: "Next-Secret-Long-2", confirm: "Next-Secret-Long-3" },
        fields: { confirm: "The two new passwords differ" },
      },
      {
        what: "unchanged",
        input: { current: "Same-Secret-Long-4", next: "Same-Secret-Long-4", confirm: "Same-Secret-Long-4" },
        fields: { next: "Choose a password different from the current one" },
      },
    ];
    for (const { what, input, fields } of cases)
      it(`(${what}) records only the failing fields and their messages`, async () => {
        const answer = await changePassword(input);
        expect(answer).toMatchObject({ ok: false, error: { code: "VALIDATION", fields } });
        const record = await expectNoValue(answer, Object.values(input));
        expect(record).toMatchObject({
          action: "account.change-password",
          outcome: "error",
          errorCode: "VALIDATION",
          target: null,
        });
        expect(record.input).toEqual({ refused: { fields } });
      });
  });

  it("a password change refused for wrong current passwords, and then while paused, keeps none of them", async () => {
    await handle.db.insert(tables.users).values({
      id: staff.id,
      email: staff.email,
      role: "admin",
      passwordHash: await hashPassword("Right-Secret-Long-1"),
    });
    const typed = ["Wrong-Secret-Long-1", "Wrong-Secret-Long-2", "Wrong-Secret-Long-3", "Wrong-Secret-Long-4"];
    const next = "Next-Secret-Long-5";
    const answers = [];
    for (const current of [...typed, "Wrong-Secret-Long-5", "Right-Secret-Long-1"])
      answers.push(await changePassword({ current, next, confirm: next }));
    // The fifth wrong one pauses changes; the right one after it is refused without being checked.
    expect(answers.map((a) => (a.ok ? "ok" : a.error.code))).toEqual([
      ...Array(4).fill("VALIDATION"),
      "RATE_LIMITED",
      "RATE_LIMITED",
    ]);
    const records = await lastRecords(11);
    expect(records.at(-1)).toMatchObject({
      action: "account.change-password",
      errorCode: "RATE_LIMITED",
      intentId: null,
    });
    const text = JSON.stringify([answers, records]);
    for (const value of [...typed, "Wrong-Secret-Long-5", "Right-Secret-Long-1", next])
      expect(text, `"${value}" was echoed`).not.toContain(value);
  });

  describe("a message or path that quotes the input", () => {
    const echoing = defineAction({
      action: "test.echo",
      secretFields: [],
      permission: "clients:read",
      input: z.strictObject({
        note: z.string().refine((v) => v.startsWith("ok"), { error: (issue) => `"${String(issue.input)}" is wrong` }),
        args: z.record(z.string().regex(/^[a-z]+$/, "Not a name"), z.number()).optional(),
      }),
      run: async () => "done",
    });

    it("a custom message built from the value", async () => {
      const answer = await echoing({ note: "Typed-Password-77" });
      expect(answer).toMatchObject({ ok: false, error: { fields: { note: '"[redacted]" is wrong' } } });
      const record = await expectNoValue(answer, ["Typed-Password-77"]);
      expect(record.input).toEqual({ refused: { fields: { note: '"[redacted]" is wrong' } } });
    });

    it("a record's key in the path", async () => {
      const answer = await echoing({ note: "ok", args: { "Key-Password-88": 1 } });
      expect(answer).toMatchObject({ ok: false, error: { fields: { "args.[redacted]": "Invalid key in record" } } });
      await expectNoValue(answer, ["Key-Password-88"]);
    });

    it("strictObject's unrecognized keys", async () => {
      const answer = await echoing({ note: "ok", "Stray-Password-99": "x" });
      expect(answer).toMatchObject({ ok: false, error: { fields: { input: 'Unrecognized key: "[redacted]"' } } });
      await expectNoValue(answer, ["Stray-Password-99"]);
    });
  });

  describe("declared secret fields", () => {
    const run = vi.fn(async (input: { account: string; pin: string }) => {
      if (input.account === "fails") throw new AppError("CONFLICT", `PIN ${input.pin} was used before`);
      return "done";
    });
    const withPin = defineAction({
      action: "test.pin",
      secretFields: ["pin"],
      permission: "clients:read",
      input: z.object({ account: z.string().min(3), pin: z.string() }),
      target: (input) => input.account,
      run,
    });

    it("are not on the intent or outcome records of accepted input", async () => {
      expect(await withPin({ account: "acct-1", pin: "Pin-Secret-123" })).toMatchObject({ ok: true });
      const [intent, outcome] = await lastRecords(2);
      expect(intent?.input).toEqual({ input: { account: "acct-1", pin: "[redacted]" } });
      expect(outcome?.input).toEqual({ input: { account: "acct-1", pin: "[redacted]" } });
    });

    it("are cut out of a message the act quotes them in", async () => {
      const answer = await withPin({ account: "fails", pin: "Pin-Secret-456" });
      expect(answer).toMatchObject({
        ok: false,
        error: { code: "CONFLICT", message: "PIN [redacted] was used before" },
      });
      const record = await expectNoValue(answer, ["Pin-Secret-456"]);
      expect(record).toMatchObject({ outcome: "error", errorMessage: "PIN [redacted] was used before" });
    });

    it("are not kept when a role refuses input the schema accepts; refused input keeps only its fields", async () => {
      authorize.mockRejectedValueOnce(forbidden("reading clients"));
      await withPin({ account: "acct-2", pin: "Pin-Secret-789" });
      expect((await lastRecords())[0]).toMatchObject({
        errorCode: "FORBIDDEN",
        target: "acct-2",
        input: { input: { account: "acct-2", pin: "[redacted]" } },
      });
      authorize.mockRejectedValueOnce(forbidden("reading clients"));
      const answer = await withPin({ account: "Wrong-Box-Password", pin: 7 });
      const record = await expectNoValue(answer, ["Wrong-Box-Password"]);
      expect(record).toMatchObject({ errorCode: "FORBIDDEN", target: null });
      expect(record.input).toEqual({ refused: { fields: { pin: expect.stringContaining("expected string") } } });
    });
  });
});
