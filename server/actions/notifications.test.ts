import { randomBytes } from "node:crypto";
import { asc } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Session from "@/server/auth/session";
import type { StaffUser } from "@/server/auth/users";

/**
 * The notification actions as the admin page calls them (authorize with the real permission matrix →
 * zod → run → audit): only admins change them, a bad URL or threshold gets a clear message, every change
 * is on the audit log without the URL's query or the signing secret, and the secret is handed out once.
 */

const who = vi.hoisted(() => ({ user: undefined as StaffUser | undefined }));
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAs(await importOriginal<typeof Session>(), who),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-notify", ip: null }) }));

const { setDbForTests, tables } = await import("@/server/db");
const { forgetEnvForTests } = await import("@/server/env");
const { forgetAuditKeysForTests } = await import("@/server/audit/keys");
const { openTestDb } = await import("@/testing/db");
const { startReceiver } = await import("@/testing/notifications/receiver");
const actions = await import("./notifications");
const { readSettings } = await import("@/server/notifications/settings");

const admin: StaffUser = {
  id: "00000000-0000-4000-8000-0000000000ad",
  email: "admin@example.com",
  name: null,
  role: "admin",
  mustChangePassword: false,
};
const support: StaffUser = { ...admin, id: "00000000-0000-4000-8000-0000000000cc", role: "support" };

const savedKey = process.env.CONSOLE_VAULT_KEY;
beforeAll(() => {
  process.env.CONSOLE_VAULT_KEY = randomBytes(32).toString("base64");
  forgetEnvForTests();
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.CONSOLE_VAULT_KEY;
  else process.env.CONSOLE_VAULT_KEY = savedKey;
  forgetEnvForTests();
});

let h: Awaited<ReturnType<typeof openTestDb>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  h = await openTestDb("pglite");
  setDbForTests(h);
  receiver = await startReceiver();
  who.user = admin;
});
afterEach(async () => {
  await receiver.close();
  forgetAuditKeysForTests();
  setDbForTests(undefined);
  await h.close();
});

const records = () => h.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));

describe("the notification actions", () => {
  it("an admin sets the destination: the signing secret is handed out once, the record keeps neither it nor the URL past its origin", async () => {
    const fingerprint = expect.stringMatching(/^[0-9a-f]{32}$/);
    const first = await actions.saveNotifyDestination({ url: receiver.url, format: "plain" });
    expect(first).toMatchObject({
      ok: true,
      data: { format: "plain", signingSecret: expect.stringMatching(/^ccsig_/), fingerprint },
    });
    const secret = first.ok ? first.data.signingSecret! : "";
    const again = await actions.saveNotifyDestination({ url: receiver.url, format: "plain" });
    // The same URL, the same fingerprint: a keyed hash (server/notifications/destination-fingerprint.ts), not the URL.
    expect(again).toEqual({ ok: true, data: { format: "plain", fingerprint } });
    expect(first.ok && first.data.fingerprint).toBe(again.ok && again.data.fingerprint);

    const log = await records();
    const saved = log.filter((r) => r.action === "notifications.destination" && r.outcome === "ok");
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({
      actorEmail: admin.email,
      target: "notifications",
      input: {
        input: { destination: `${new URL(receiver.url).origin}/…`, format: "plain" },
        result: { signingSecretIssued: true, fingerprint },
      },
    });
    expect(JSON.stringify(log)).not.toContain("receiver-token-123");
    expect(JSON.stringify(log)).not.toContain(secret);

    const test = await actions.sendTestNotification({});
    expect(test).toEqual({ ok: true, data: { status: "sent", httpStatus: 200, error: null } });
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ kind: "test", rule: "test", state: "firing" });
  });

  it.each([
    ["http://hooks.example.com/x", "Use https (plain http only to localhost or 127.0.0.1)"],
    ["https://user:pass@hooks.example.com/x", "The URL must not hold a user name or password"],
    ["ftp://hooks.example.com/x", "Use an https URL"],
    ["hooks.example.com", "Enter a full URL, starting with https://"],
  ])("refuses %s with a clear message, and records the refusal without the value", async (url, message) => {
    const result = await actions.saveNotifyDestination({ url, format: "slack" });
    expect(result).toMatchObject({ ok: false, error: { code: "VALIDATION", fields: { url: message } } });
    expect(JSON.stringify(await records())).not.toContain("pass@");
    expect(await h.db.select().from(tables.notificationSettings)).toEqual([]);
  });

  it("a rule's threshold out of its bounds is refused by name; within them it is saved and recorded", async () => {
    expect(await actions.saveNotifyRule({ rule: "webhook-health", enabled: true, threshold: 150 })).toMatchObject({
      ok: false,
      error: { code: "VALIDATION", fields: { threshold: "Between 1 and 100 %" } },
    });
    expect(await actions.saveNotifyRule({ rule: "drop-horizon", enabled: true, threshold: 12 })).toEqual({
      ok: true,
      data: { rule: "drop-horizon", enabled: true, threshold: 12 },
    });
    expect(await actions.saveNotifyRule({ rule: "audit-chain", enabled: true })).toEqual({
      ok: true,
      data: { rule: "audit-chain", enabled: true },
    });
    // What the pass and the page read: the records (server/notifications/rules-on-record.ts).
    expect((await readSettings(h.db)).rules).toEqual({
      "drop-horizon": { enabled: true, threshold: 12 },
      "audit-chain": { enabled: true },
      watchdog: { enabled: false, threshold: 1 },
      "webhook-health": { enabled: false, threshold: 90 },
      "scheduled-export": { enabled: false },
    });
    expect((await records()).filter((r) => r.action === "notifications.rule" && r.outcome === "ok")).toEqual([
      expect.objectContaining({ target: "notifications:drop-horizon" }),
      expect.objectContaining({ target: "notifications:audit-chain" }),
    ]);
  });

  it("only an admin changes notifications; a test without a destination says what to do first", async () => {
    who.user = support;
    for (const result of [
      await actions.saveNotifyDestination({ url: receiver.url, format: "plain" }),
      await actions.saveNotifyRule({ rule: "audit-chain", enabled: true }),
      await actions.newNotifySigningSecret({}),
      await actions.sendTestNotification({}),
      await actions.checkNotificationsNow({}),
    ])
      expect(result).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    expect(await h.db.select().from(tables.notificationSettings)).toEqual([]);
    expect(await notifySecrets()).toEqual([]);

    who.user = admin;
    expect(await actions.sendTestNotification({})).toMatchObject({
      ok: false,
      error: { code: "CONFLICT", message: "Set the URL notifications are sent to first." },
    });
  });
});

/** The signing secrets in the vault (the audit chain's own keys are there too). */
async function notifySecrets() {
  return (await h.db.select().from(tables.vaultRecords)).filter((r) => r.purpose === "notify-signing-secret");
}
