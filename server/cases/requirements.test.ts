import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { acknowledgeBreaks } from "@/server/audit/acknowledge";
import { chainAlarm } from "@/server/audit/alarm";
import { verifyChain } from "@/server/audit/verify";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb } from "@/testing/db";

const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: "req-require", ip: "203.0.113.8" }),
}));

const { defineAction } = await import("@/server/kit/define-action");
const { requireCase } = await import("@/server/actions/cases");
const { listCaseRequirements } = await import("@/server/cases/requirements");

const admin = {
  id: "0b7e4b52-3f0e-4c53-9a51-6f0f5b1c2d02",
  email: "ida@example.com",
  name: null,
  role: "admin" as const,
};

/**
 * The attacker of the audit log (server/audit/attacks.test.ts) against the case requirements: someone who
 * can write to the console's database but holds none of the chain's keys, and wants an act done without
 * the case an administrator requires for it. Its own database, so the alarm it raises stops nothing else.
 */
describe("case requirements against a database writer", () => {
  let handle: DbHandle;
  const ran = vi.fn(async () => ({ issued: true }));
  const act = defineAction({
    action: "credentials.web-otp",
    secretFields: [],
    permission: "credentials:issue",
    input: z.object({}),
    target: () => "client-2",
    run: ran,
  });
  const records = () => handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));

  beforeAll(async () => {
    handle = await openTestDb("pglite");
    setDbForTests(handle);
    authorize.mockResolvedValue(admin);
  });
  afterAll(async () => {
    setDbForTests(undefined);
    await handle.close();
  });

  it("there is no row to delete, and an edited record stops every act and raises the chain's alarm", async () => {
    expect((await requireCase({ action: "credentials.web-otp", required: true })).ok).toBe(true);
    const setting = (await records()).at(-1)!;
    expect(setting).toMatchObject({ action: "cases.require", outcome: "ok", target: "credentials.web-otp" });
    // Nothing but the chain says it: no table of requirements stands beside it.
    expect(await handle.db.execute(sql`select to_regclass('case_requirements') as t`)).toMatchObject({
      rows: [{ t: null }],
    });
    expect((await act({})).ok).toBe(false);
    expect(ran).not.toHaveBeenCalled();

    // The record rewritten to say "not required": it no longer carries its seal.
    await handle.db.execute(
      sql`update audit_log set input = jsonb_set(input, '{input,required}', 'false') where seq = ${setting.seq}`,
    );
    const refused = await act({});
    expect(refused).toMatchObject({ ok: false, error: { code: "AUDIT_UNAVAILABLE" } });
    expect(ran).not.toHaveBeenCalled();
    // The alarm names the record (raised by this check, or by the verification an append set off beside it).
    expect((await chainAlarm())?.message).toContain(`#${setting.seq}`);
    await expect(listCaseRequirements()).rejects.toThrow(/audit log was found damaged/);
    expect((await verifyChain(handle.db)).ok).toBe(false);

    // An operator acknowledges the edit (npm run audit:acknowledge): the record is passed over, as what it says
    // is not trusted; the act is done again, and the list says what now holds, for an administrator to set again.
    const { acknowledged, verdict } = await acknowledgeBreaks(handle.db, {
      reason: "INC-9: a requirement record edited by hand",
      operator: "ops@example.com",
    });
    expect(acknowledged).toHaveLength(1);
    expect(acknowledged[0]?.finding).toContain(`#${setting.seq}`);
    expect(verdict.ok).toBe(true);
    expect(await chainAlarm()).toBeNull();
    expect((await listCaseRequirements()).find((r) => r.action === "credentials.web-otp")?.required).toBe(false);
    expect((await act({})).ok).toBe(true);
    expect((await requireCase({ action: "credentials.web-otp", required: true })).ok).toBe(true);
    expect((await act({})).ok).toBe(false);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
