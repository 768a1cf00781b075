import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditRecord } from "@/lib/audit";
import { tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { classifyTarget, withTargetLinks } from "./targets";

let n = 0;
const record = (action: string, target: string | null): AuditRecord => ({
  seq: ++n,
  id: randomUUID(),
  at: "2026-11-21T09:30:00.000Z",
  actorEmail: "alice@example.com",
  actorRole: "admin",
  action,
  target,
  input: null,
  outcome: "ok",
  errorCode: null,
  errorMessage: null,
  requestId: null,
  ip: null,
  intentId: null,
  hash: "ab".repeat(32),
});

describe("classifyTarget", () => {
  it("reads what a target names from the action", () => {
    expect(classifyTarget("credentials.web-otp", "client_abc123")).toEqual({
      kind: "client",
      clientId: "client_abc123",
    });
    expect(classifyTarget("eject.request", "client_abc123/wallet_9")).toEqual({
      kind: "client",
      clientId: "client_abc123",
      tab: "eject",
    });
    expect(classifyTarget("users.create", "Bob@Example.com")).toEqual({ kind: "user-email", email: "bob@example.com" });
    // An address search names the address, which is no client id.
    expect(classifyTarget("clients.find-address", "0x52908400098527886e0f7030069857d2e4169ee7")).toBeNull();
    // Targets that are not what the action names stay plain text.
    expect(classifyTarget("clients.create", null)).toBeNull();
    expect(classifyTarget("eject.approve", "not-a-uuid")).toBeNull();
    expect(classifyTarget("users.update", "bob@example.com")).toBeNull();
    expect(classifyTarget("transfers.build", "../../admin")).toBeNull();
    expect(classifyTarget("audit.export", "audit_log")).toBeNull();
    expect(classifyTarget("account.change-password", "own account")).toBeNull();
  });
});

describe.each<TestDbKind>(["pglite", "postgres"])("target links on %s", (kind) => {
  let handle: DbHandle;
  const bob = { id: randomUUID(), email: "bob@example.com" };
  const carol = { id: randomUUID(), email: "carol@example.com" };
  const request = { id: randomUUID(), clientId: "client_ejecting" };

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await handle.db.insert(tables.users).values([
      { ...bob, role: "support" },
      { ...carol, role: "compliance" },
    ]);
    await handle.db.insert(tables.ejectRequests).values({
      id: request.id,
      clientId: request.clientId,
      walletId: "wallet_1",
      reason: "The user asked for their key",
      ticket: "SUP-1",
      windowMinutes: 5,
      requestedById: bob.id,
      requestedByEmail: bob.email,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  });
  afterAll(async () => handle?.close());

  it("links each kind of target to the page that shows it", async () => {
    const records = [
      record("clients.create", "client_new42"),
      record("credentials.session-token", "client_abc123"),
      record("transfers.build", "client_abc123"),
      record("eject.request", "client_ejecting/wallet_1"),
      record("eject.fetch-shares", `client_ejecting/${request.id}`),
      record("eject.approve", request.id),
      record("eject.reject", request.id),
      record("eject.execute", request.id),
      record("eject.withdraw", request.id),
      record("users.update", carol.id),
      record("users.create", "BOB@example.com"),
      record("auth.sign-in", carol.email),
      record("auth.sign-in-failed", bob.email),
    ];
    const links = (await withTargetLinks(handle.db, records)).map((r) => r.targetLink);
    const eject = {
      kind: "eject-request",
      href: "/clients/client_ejecting?tab=eject",
      label: "eject request of client_ejecting",
    };
    expect(links).toEqual([
      { kind: "client", href: "/clients/client_new42", label: "client_new42" },
      { kind: "client", href: "/clients/client_abc123", label: "client_abc123" },
      { kind: "client", href: "/clients/client_abc123", label: "client_abc123" },
      { kind: "client", href: "/clients/client_ejecting?tab=eject", label: "client_ejecting" },
      { kind: "client", href: "/clients/client_ejecting?tab=eject", label: "client_ejecting" },
      eject,
      eject,
      eject,
      eject,
      { kind: "user", href: `/users?user=${carol.id}`, label: carol.email },
      { kind: "user", href: `/users?user=${bob.id}`, label: bob.email },
      { kind: "user", href: `/users?user=${carol.id}`, label: carol.email },
      { kind: "user", href: `/users?user=${bob.id}`, label: bob.email },
    ]);
  });

  it("leaves targets that resolve to nothing as plain text", async () => {
    const records = [
      record("auth.sign-in-failed", "stranger@example.com"),
      record("eject.approve", randomUUID()),
      record("users.update", randomUUID()),
      record("audit.verify", null),
      record("audit.export", "audit_log"),
    ];
    const views = await withTargetLinks(handle.db, records);
    expect(views.map((r) => r.targetLink)).toEqual([null, null, null, null, null]);
    expect(views.map((r) => r.target)).toEqual(records.map((r) => r.target));
  });

  it("looks a whole page up in at most two queries", async () => {
    const page = Array.from(
      { length: 50 },
      (_, i) =>
        [
          record("eject.approve", request.id),
          record("users.update", carol.id),
          record("auth.sign-in", bob.email),
          record("credentials.web-otp", `client_${i}xyz`),
        ][i % 4]!,
    );
    const select = vi.spyOn(handle.db, "select");
    try {
      const views = await withTargetLinks(handle.db, page);
      expect(views.every((v) => v.targetLink !== null)).toBe(true);
      expect(select.mock.calls.length).toBeLessThanOrEqual(2);
      select.mockClear();
      await withTargetLinks(handle.db, [record("audit.verify", null), record("clients.create", "client_abcdef")]);
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });
});
