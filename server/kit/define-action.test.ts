import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { desc } from "drizzle-orm";
import { openTestDb } from "@/server/db/testing";
import type { DbHandle } from "@/server/db/client";
import { setDbForTests, tables } from "@/server/db";
import { AppError, forbidden } from "@/server/errors";

const authorize = vi.fn();
vi.mock("@/server/auth/session", () => ({ authorize: (p: string) => authorize(p) }));
vi.mock("@/server/request-context", () => ({
  requestContext: async () => ({ requestId: "req-123", ip: "203.0.113.9" }),
}));

const { defineAction } = await import("./define-action");

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
  beforeEach(() => authorize.mockReset().mockResolvedValue(staff));

  const lastAudit = async () =>
    (await handle.db.select().from(tables.auditLog).orderBy(desc(tables.auditLog.seq)).limit(1))[0];
  const run = vi.fn(async (input: { name: string; apiKey: string }) => ({ greeting: `hi ${input.name}` }));
  const greet = defineAction({
    action: "test.greet",
    permission: "clients:create",
    input: z.object({ name: z.string().min(2, "Too short"), apiKey: z.string() }),
    target: (i) => i.name,
    run,
  });

  it("authorizes, validates, runs, audits and returns data", async () => {
    const result = await greet({ name: "Ada", apiKey: "k-secret-1" });
    expect(result).toEqual({ ok: true, data: { greeting: "hi Ada" } });
    expect(authorize).toHaveBeenCalledWith("clients:create");
    const record = await lastAudit();
    expect(record).toMatchObject({
      action: "test.greet",
      outcome: "ok",
      actorEmail: "sam@example.com",
      actorRole: "support",
      target: "Ada",
      requestId: "req-123",
      ip: "203.0.113.9",
    });
    expect(JSON.stringify(record?.input)).not.toContain("k-secret-1");
  });

  it("refuses a role without the permission before parsing or running, and audits the refusal", async () => {
    authorize.mockRejectedValueOnce(forbidden("create on clients"));
    run.mockClear();
    const result = await greet({ name: "Ada", apiKey: "k" });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "FORBIDDEN", message: "Your role does not allow create on clients." },
    });
    expect(run).not.toHaveBeenCalled();
    expect(await lastAudit()).toMatchObject({ action: "test.greet", outcome: "error", errorCode: "FORBIDDEN" });
  });

  it("returns field errors for bad input and never calls run", async () => {
    run.mockClear();
    const result = await greet({ name: "A" });
    expect(result).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fields: { name: "Too short", apiKey: expect.any(String) } },
    });
    expect(run).not.toHaveBeenCalled();
    expect(await lastAudit()).toMatchObject({ outcome: "error", errorCode: "VALIDATION" });
  });

  it("hides unexpected error text behind a generic message with the request id", async () => {
    const boom = defineAction({
      action: "test.boom",
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
    expect(JSON.stringify(await lastAudit())).not.toContain("relation users");
  });

  it("passes an AppError's own safe message through", async () => {
    const conflict = defineAction({
      action: "test.conflict",
      permission: "clients:read",
      input: z.object({}),
      run: async () => {
        throw new AppError("CONFLICT", "Already there.");
      },
    });
    expect(await conflict({})).toMatchObject({ ok: false, error: { code: "CONFLICT", message: "Already there." } });
  });
});
