import { asc, count, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { REFUSALS_RECORDED_PER_MINUTE } from "@/server/audit/refusal-scopes";
import { verifyChain } from "@/server/audit/verify";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { AppError, forbidden, unauthenticated } from "@/server/errors";
import { openTestDb } from "@/testing/db";

const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
const context = { requestId: "req-123", ip: "203.0.113.9" };
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ ...context }) }));

// The upstream as the real actions reach it, with every call counted.
const upstreamCalls: string[] = [];
vi.mock("@/server/upstream", () => ({
  getAdminClient: () => ({
    clients: {
      retrieve: async (id: string) => {
        upstreamCalls.push(`retrieve ${id}`);
        return { id, wallets: [] };
      },
      createSession: async (id: string) => {
        upstreamCalls.push(`createSession ${id}`);
        return { clientSessionToken: "cst_secret_value_123" };
      },
    },
  }),
}));

const { defineAction } = await import("./define-action");
const { AdminClient } = await import("@/server/upstream/admin");
const { SlidingWindowRateLimiter } = await import("@/server/upstream/sliding-window");
const { findClientByAddress, mintSessionToken } = await import("@/server/actions/clients");

const staff = {
  id: "7f1c0c1e-1d7b-4a49-9f5e-1a1e1c1e1d7b",
  email: "sam@example.com",
  name: null,
  role: "support" as const,
};

describe("the action pattern", () => {
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
    upstreamCalls.length = 0;
    context.ip = "203.0.113.9";
  });

  const lastAudit = async (n = 1) =>
    (await handle.db.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(n)).reverse();
  const run = vi.fn(async (input: { name: string; apiKey: string }) => ({ greeting: `hi ${input.name}` }));
  const greet = defineAction({
    action: "test.greet",
    secretFields: [],
    permission: "clients:create",
    input: z.object({ name: z.string().min(2, "Too short"), apiKey: z.string() }),
    target: (i) => i.name,
    run,
  });

  it("records the intent before running and the outcome after, linked, without secrets", async () => {
    const result = await greet({ name: "Ada", apiKey: "k-secret-1" });
    expect(result).toEqual({ ok: true, data: { greeting: "hi Ada" } });
    expect(authorize).toHaveBeenCalledWith("clients:create");
    const [intent, outcome] = await lastAudit(2);
    expect(intent).toMatchObject({ action: "test.greet", outcome: "intent", target: "Ada", requestId: "req-123" });
    expect(outcome).toMatchObject({
      action: "test.greet",
      outcome: "ok",
      actorEmail: "sam@example.com",
      actorRole: "support",
      target: "Ada",
      ip: "203.0.113.9",
      intentId: intent?.id,
    });
    expect(JSON.stringify([intent, outcome])).not.toContain("k-secret-1");
  });

  it("does not reach the upstream when the intent cannot be recorded, and says why", async () => {
    await handle.db.execute(sql`alter table audit_log rename to audit_log_offline`);
    try {
      const result = await mintSessionToken({
        clientId: "cclient000000000000000001",
        reason: "Ticket SUP-1: locked out",
      });
      expect(result).toMatchObject({ ok: false, error: { code: "AUDIT_UNAVAILABLE" } });
      expect(!result.ok && result.error.message).toContain("Nothing was done");
      expect(upstreamCalls).toEqual([]);
    } finally {
      await handle.db.execute(sql`alter table audit_log_offline rename to audit_log`);
    }
    // With the log back, the same call goes through and is on record.
    const again = await mintSessionToken({ clientId: "cclient000000000000000001", reason: "Ticket SUP-1: locked out" });
    expect(again.ok).toBe(true);
    expect(upstreamCalls).toEqual(["retrieve cclient000000000000000001", "createSession cclient000000000000000001"]);
    const [intent, outcome] = await lastAudit(2);
    expect(intent).toMatchObject({ action: "credentials.session-token", outcome: "intent" });
    expect(outcome).toMatchObject({ action: "credentials.session-token", outcome: "ok", intentId: intent?.id });
    expect(JSON.stringify(outcome)).not.toContain("cst_secret_value_123");
  });

  it("refuses a reason holding NUL or a lone surrogate with a field message, before any upstream call", async () => {
    for (const reason of ["Ticket SUP-1\u0000 locked out", "Ticket SUP-1 \uD800 locked out"]) {
      const result = await mintSessionToken({ clientId: "cclient000000000000000001", reason });
      expect(result).toMatchObject({
        ok: false,
        error: { code: "VALIDATION", fields: { reason: expect.any(String) } },
      });
    }
    expect(upstreamCalls).toEqual([]);
    // Both refusals are on record (escaped), and the chain still verifies.
    const refusals = await lastAudit(2);
    expect(refusals.map((r) => r.errorCode)).toEqual(["VALIDATION", "VALIDATION"]);
    expect(await verifyChain(handle.db)).toMatchObject({ ok: true });
  });

  it("refuses an address search for NUL, a lone surrogate or a non-address with a field message, not INTERNAL", async () => {
    // Found by server/kit/bad-input-actions-*.test.ts: the text went on to the job's row and PostgreSQL refused it.
    for (const address of ["0x00000000\u0000\u0000", "\uD800abcdefgh", "not an address at all"]) {
      const result = await findClientByAddress({ address });
      expect(result).toMatchObject({
        ok: false,
        error: { code: "VALIDATION", fields: { address: expect.stringContaining("not an address") } },
      });
      expect((await lastAudit())[0]).toMatchObject({ action: "clients.find-address", errorCode: "VALIDATION" });
    }
  });

  it("refuses a role without the permission before parsing or running, and audits the refusal", async () => {
    authorize.mockRejectedValueOnce(forbidden("creating clients"));
    run.mockClear();
    const result = await greet({ name: "Ada", apiKey: "k" });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: "Your role does not allow creating clients." },
    });
    expect(run).not.toHaveBeenCalled();
    expect((await lastAudit())[0]).toMatchObject({ action: "test.greet", outcome: "error", errorCode: "FORBIDDEN" });
  });

  it("keeps a bounded copy of what a signed-in caller sent when it is refused", async () => {
    authorize.mockRejectedValueOnce(forbidden("creating clients"));
    await greet({ name: "x".repeat(200_000), apiKey: "k" });
    const [record] = await lastAudit();
    expect(record?.input).toMatchObject({ truncated: true });
    expect(JSON.stringify(record?.input).length).toBeLessThan(5000);
  });

  it("records calls without a session without their body, and only a few per address and minute", async () => {
    authorize.mockRejectedValue(unauthenticated());
    context.ip = "198.51.100.77";
    const [before] = await handle.db.select({ n: count() }).from(tables.auditLog);
    const marker = "flood-body-marker";
    for (let i = 0; i < 1000; i += 50)
      await Promise.all(Array.from({ length: 50 }, (_, j) => greet({ name: `${marker}-${i + j}`, apiKey: marker })));
    const [after] = await handle.db.select({ n: count() }).from(tables.auditLog);
    const written = (after?.n ?? 0) - (before?.n ?? 0);
    expect(written).toBe(REFUSALS_RECORDED_PER_MINUTE.address);
    const rows = await handle.db
      .select()
      .from(tables.auditLog)
      .where(eq(tables.auditLog.ip, "198.51.100.77"))
      .orderBy(asc(tables.auditLog.seq));
    expect(rows.every((r) => r.errorCode === "UNAUTHENTICATED")).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(marker);
    expect(rows.at(-1)?.input).toMatchObject({ note: expect.stringContaining("not recorded") });
    // Another address still gets its own records.
    context.ip = "198.51.100.78";
    await greet({ name: "Ada", apiKey: "k" });
    expect((await lastAudit())[0]).toMatchObject({ ip: "198.51.100.78", errorCode: "UNAUTHENTICATED" });
  });

  it("returns field errors for bad input and never calls run", async () => {
    run.mockClear();
    const result = await greet({ name: "A" });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fields: { name: "Too short", apiKey: expect.any(String) } },
    });
    expect(run).not.toHaveBeenCalled();
    expect((await lastAudit())[0]).toMatchObject({ outcome: "error", errorCode: "VALIDATION" });
  });

  it("hides unexpected error text behind a generic message with the request id", async () => {
    const boom = defineAction({
      action: "test.boom",
      secretFields: [],
      permission: "clients:read",
      input: z.object({}),
      run: async () => {
        throw new Error("relation users does not exist; password=abc");
      },
    });
    const result = await boom({});
    expect(result).toEqual({
      ok: false,
      error: { code: "INTERNAL", message: "Something went wrong on the server.", requestId: "req-123" },
    });
    const [intent, outcome] = await lastAudit(2);
    expect(outcome).toMatchObject({ outcome: "error", errorCode: "INTERNAL", intentId: intent?.id });
    expect(JSON.stringify(outcome)).not.toContain("relation users");
  });

  it("passes an AppError's own safe message through", async () => {
    const conflict = defineAction({
      action: "test.conflict",
      secretFields: [],
      permission: "clients:read",
      input: z.object({}),
      run: async () => {
        throw new AppError("CONFLICT", "Already there.");
      },
    });
    expect(await conflict({})).toMatchObject({ ok: false, error: { code: "CONFLICT", message: "Already there." } });
  });

  it("tells a person the rate limit is used up, and for how long, when a call would wait past the threshold", async () => {
    const limiter = new SlidingWindowRateLimiter({ limit: 2, windowMs: 60_000 });
    await limiter.acquire();
    await limiter.acquire();
    const fetched: string[] = [];
    const admin = new AdminClient({
      baseURL: "http://upstream.test",
      apiKey: "custodian-key",
      rateLimiter: limiter,
      fetch: async (url) => {
        fetched.push(String(url));
        return Response.json({});
      },
    });
    const lookUp = defineAction({
      action: "test.look-up",
      secretFields: [],
      permission: "clients:read",
      input: z.object({}),
      run: async () => admin.clients.retrieve("cclient000000000000000001"),
    });
    const result = await lookUp({});
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: "RATE_LIMITED",
        message: expect.stringMatching(
          /^The upstream's limit of 2 requests a minute is used up; try again in (59|60) s\.$/,
        ),
        retryAfterSeconds: expect.any(Number),
      },
    });
    expect(fetched).toEqual([]);
    const [, outcome] = await lastAudit(2);
    expect(outcome).toMatchObject({ outcome: "error", errorCode: "RATE_LIMITED" });
  });
});
