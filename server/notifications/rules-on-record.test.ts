import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { acknowledgeBreaks } from "@/server/audit/acknowledge";
import { chainAlarm, clearChainAlarm } from "@/server/audit/alarm";
import { appendAudit } from "@/server/audit/append";
import { forgetAuditKeysForTests } from "@/server/audit/keys";
import { verifyChain } from "@/server/audit/verify";
import type * as Session from "@/server/auth/session";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";
import { openTestDb } from "@/testing/db";
import { TEST_ADMIN as admin } from "@/testing/kit/session-double";
import { startReceiver } from "@/testing/notifications/receiver";
import { switchRule } from "@/testing/notifications/switch-rule";
import { RULE_ACTION, ruleTarget } from "./rules-on-record";
import { readSettings, ruleOnNow, writeDestination } from "./settings";
import { runNotifications } from "./tick";

vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAsAdmin(await importOriginal<typeof Session>()),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-rules", ip: null }) }));

/**
 * The attacker of the audit log (server/audit/attacks.test.ts) against the notification rules: someone who
 * can write to the console's database but holds none of the chain's keys, and wants a rule silenced (the
 * audit chain's own among them) before they do what it would report. Its own database and receiver.
 */
describe("notification settings against a database writer", () => {
  let handle: DbHandle;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const savedKey = process.env.CONSOLE_VAULT_KEY;
  const records = () => handle.db.select().from(tables.auditLog).orderBy(asc(tables.auditLog.seq));
  const nothingFound = async () => ({ findings: [], unknown: [] });

  beforeAll(async () => {
    process.env.CONSOLE_VAULT_KEY = randomBytes(32).toString("base64");
    forgetEnvForTests();
    handle = await openTestDb("pglite");
    setDbForTests(handle);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await clearChainAlarm();
    forgetAuditKeysForTests();
    setDbForTests(undefined);
    await handle.close();
    if (savedKey === undefined) delete process.env.CONSOLE_VAULT_KEY;
    else process.env.CONSOLE_VAULT_KEY = savedKey;
    forgetEnvForTests();
  });

  it("a switch under way counts as off for a pass; one whose act failed does not", async () => {
    await switchRule("drop-horizon", { enabled: true, threshold: 12 });
    expect(await ruleOnNow(handle.db, "drop-horizon")).toBe(true);
    // An admin's switch-off between its intent and its outcome: the row's lock is taken and released
    // already, the outcome not yet written. A pass that looks now fires nothing for the rule.
    const intent = await appendAudit(
      {
        actor: { id: admin.id, email: admin.email, role: admin.role },
        action: RULE_ACTION,
        target: ruleTarget("drop-horizon"),
        input: { input: { rule: "drop-horizon", enabled: false, threshold: 12 } },
        outcome: "intent",
      },
      handle.db,
    );
    expect(await ruleOnNow(handle.db, "drop-horizon")).toBe(false);
    // The page still says what took effect.
    expect((await readSettings(handle.db)).rules["drop-horizon"]).toEqual({ enabled: true, threshold: 12 });
    await appendAudit(
      {
        actor: { id: admin.id, email: admin.email, role: admin.role },
        action: RULE_ACTION,
        target: ruleTarget("drop-horizon"),
        input: { input: { rule: "drop-horizon", enabled: false, threshold: 12 } },
        outcome: "error",
        errorCode: "INTERNAL",
        intentId: intent.id,
      },
      handle.db,
    );
    expect(await ruleOnNow(handle.db, "drop-horizon")).toBe(true);
    await switchRule("drop-horizon", { enabled: false, threshold: 12 });
    expect(await ruleOnNow(handle.db, "drop-horizon")).toBe(false);
  });

  it("has no column to edit; an edited switch holds its rule on, raises the alarm, and the chain's own rule reports it", async () => {
    await writeDestination(handle.db, { url: receiver.url, format: "slack" }, admin.email);
    await switchRule("audit-chain", { enabled: true });
    await switchRule("webhook-health", { enabled: true, threshold: 50 });
    expect(
      await handle.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'notification_settings'`,
      ),
    ).toMatchObject({ rows: expect.not.arrayContaining([{ column_name: "rules" }]) });
    const switchOf = async (rule: string) =>
      (await records()).findLast((r) => r.target === `notifications:${rule}` && r.outcome === "ok")!;
    const chainSwitch = await switchOf("audit-chain");
    const healthSwitch = await switchOf("webhook-health");

    // Rewritten to say "off", and a threshold no webhook reaches: neither record carries its seal now.
    await handle.db.execute(
      sql`update audit_log set input = jsonb_set(input, '{input,enabled}', 'false') where seq = ${chainSwitch.seq}`,
    );
    await handle.db.execute(
      sql`update audit_log set input = jsonb_set(input, '{input,threshold}', '1') where seq = ${healthSwitch.seq}`,
    );
    const { rules } = await readSettings(handle.db);
    expect(rules["audit-chain"]).toEqual({ enabled: true });
    // Held on at its default threshold, not the forged one.
    expect(rules["webhook-health"]).toEqual({ enabled: true, threshold: 90 });
    expect((await chainAlarm())?.message).toMatch(new RegExp(`#(${chainSwitch.seq}|${healthSwitch.seq})`));
    expect((await verifyChain(handle.db)).ok).toBe(false);

    // The pass still runs, and the rule the writer tried to silence sends what it found.
    await runNotifications(handle.db, { finders: { "webhook-health": nothingFound, "drop-horizon": nothingFound } });
    expect(receiver.received.map((r) => JSON.parse(r.body).text as string)).toEqual([
      expect.stringContaining("[Firing] The audit chain was found broken"),
    ]);

    // An operator acknowledges the edits (npm run audit:acknowledge): both records are passed over, the
    // rules are as the records before them say (never switched: off), for an admin to switch again.
    const { acknowledged, verdict } = await acknowledgeBreaks(handle.db, {
      reason: "INC-12: two notification switches edited by hand",
      operator: "ops@example.com",
    });
    expect(acknowledged.map((a) => a.finding).join(" ")).toContain(`#${chainSwitch.seq}`);
    expect(verdict.ok).toBe(true);
    expect((await readSettings(handle.db)).rules).toMatchObject({
      "audit-chain": { enabled: false },
      "webhook-health": { enabled: false, threshold: 90 },
    });
    await switchRule("audit-chain", { enabled: true });
    expect((await readSettings(handle.db)).rules["audit-chain"]).toEqual({ enabled: true });
  });

  it("a destination deleted from the vault is shown as deleted outside the console, with who set it; one cleared is not", async () => {
    const { saveNotifyDestination } = await import("@/server/actions/notifications");
    const { notificationsView } = await import("./view");
    const url = receiver.url;
    expect(await saveNotifyDestination({ url, format: "slack" })).toMatchObject({ ok: true });
    expect((await notificationsView(handle.db)).destination.lost).toBeNull();
    // A database writer removes the sealed URL: nothing would be sent, and nothing else says so.
    await handle.db.delete(tables.vaultRecords).where(eq(tables.vaultRecords.purpose, "notify-destination"));
    const { destination } = await notificationsView(handle.db);
    expect(destination.shown).toBeNull();
    expect(destination.lost).toEqual({
      shown: expect.stringMatching(new RegExp(`^${new URL(url).origin.replaceAll(".", "\\.")}/`)),
      by: admin.email,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // As the page shows any destination: never the query, which may hold the receiver's token.
    expect(destination.lost?.shown).not.toContain(new URL(url).search || "?");
    // Cleared by an admin, through the act: nothing is lost.
    expect(await saveNotifyDestination({ url: "", format: "slack" })).toMatchObject({ ok: true });
    expect((await notificationsView(handle.db)).destination.lost).toBeNull();
  });

  it("a destination put back from an older vault row is not sent to; the page says which one the record set", async () => {
    const { saveNotifyDestination } = await import("@/server/actions/notifications");
    const { notificationsView } = await import("./view");
    const destinationRow = () =>
      handle.db.select().from(tables.vaultRecords).where(eq(tables.vaultRecords.purpose, "notify-destination"));
    // Two hooks of one receiver, as two Slack webhooks share one origin: what the page shows of them is alike.
    const old = `${new URL(receiver.url).origin}/old-hook`;
    expect(await saveNotifyDestination({ url: old, format: "slack" })).toMatchObject({ ok: true });
    const [backup] = await destinationRow();
    expect(await saveNotifyDestination({ url: receiver.url, format: "slack" })).toMatchObject({ ok: true });
    expect((await readSettings(handle.db)).url).toBe(receiver.url);

    // A database writer puts the old row back: sealed under the vault key, genuine, and not what the record set.
    const { id: _id, ...sealed } = backup!;
    await handle.db
      .update(tables.vaultRecords)
      .set(sealed)
      .where(eq(tables.vaultRecords.purpose, "notify-destination"));
    const settings = await readSettings(handle.db);
    expect({ url: settings.url, source: settings.source }).toEqual({ url: null, source: null });
    const { destination } = await notificationsView(handle.db);
    expect(destination.shown).toBeNull();
    expect(destination.restored).toEqual({
      held: expect.stringMatching(/\/…$/),
      shown: expect.stringMatching(/\/…$/),
      by: admin.email,
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    // Cleared by an admin, then the old row put back: the record set nothing.
    expect(await saveNotifyDestination({ url: "", format: "slack" })).toMatchObject({ ok: true });
    await handle.db.insert(tables.vaultRecords).values(sealed);
    expect((await readSettings(handle.db)).url).toBeNull();
    expect((await notificationsView(handle.db)).destination.restored).toMatchObject({ shown: null });

    // Set again through the act: in force, nothing to say.
    expect(await saveNotifyDestination({ url: old, format: "slack" })).toMatchObject({ ok: true });
    expect((await readSettings(handle.db)).url).toBe(old);
    expect((await notificationsView(handle.db)).destination.restored).toBeNull();
  });
});
