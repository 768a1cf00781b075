import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { clearChainAlarm } from "@/server/audit/alarm";
import { appendAudit } from "@/server/audit/append";
import { checkpointsWritten } from "@/server/audit/checkpoint-schedule";
import { forgetAuditKeysForTests } from "@/server/audit/keys";
import { verifyChain } from "@/server/audit/verify";
import type * as Session from "@/server/auth/session";
import { setDbForTests, tables } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { forgetEnvForTests } from "@/server/env";
import { openTestDb, type TestDbKind } from "@/testing/db";
import { startReceiver } from "@/testing/notifications/receiver";
import { switchRule } from "@/testing/notifications/switch-rule";
import type { Finder, FinderResult } from "./finders/types";
import { NOTIFY_JOB_KIND } from "./job-kind";
import { FIRST_RETRY_MS, MAX_ATTEMPTS, retryDelayMs } from "./outbox";
import { newSigningSecret } from "./secret";
import { writeDestination } from "./settings";
import { runNotifications } from "./tick";
import { notificationsView, shownNotifications } from "./view";

// Rules are switched through their act, as an admin does (its record is the switch).
vi.mock("@/server/auth/session", async (importOriginal) =>
  (await import("@/testing/kit/session-double")).sessionAsAdmin(await importOriginal<typeof Session>()),
);
vi.mock("@/server/request-context", () => ({ requestContext: async () => ({ requestId: "req-notify", ip: null }) }));

/**
 * Notifications as a receiver sees them: a real HTTP server on a port of its own gets the bodies, and
 * checks the plain body's signature with node:crypto alone (not the console's code). The evaluator is
 * driven with findings of the test's choosing, and once with a real source: an audit chain broken the
 * way server/audit/attacks.test.ts breaks it.
 */

const saved = { vault: process.env.CONSOLE_VAULT_KEY, origin: process.env.NEXTAUTH_URL };
beforeAll(() => {
  process.env.CONSOLE_VAULT_KEY = randomBytes(32).toString("base64");
  process.env.NEXTAUTH_URL = "https://console.example.com";
  forgetEnvForTests();
});
afterAll(() => {
  for (const [name, value] of [
    ["CONSOLE_VAULT_KEY", saved.vault],
    ["NEXTAUTH_URL", saved.origin],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  forgetEnvForTests();
});

// PGlite and PostgreSQL: the guarded UPDATEs and the upsert behave the same on both.
describe.each<TestDbKind>(["pglite", "postgres"])("on %s", (kind) => {
  let h: DbHandle;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeEach(async () => {
    h = await openTestDb(kind);
    setDbForTests(h);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await receiver.close();
    forgetAuditKeysForTests();
    setDbForTests(undefined);
    await h.close();
  });

  const by = "admin@example.com";
  /** A finder that finds what the test says, now. */
  function fake(): Finder & { now: FinderResult } {
    const finder = (async () => finder.now) as unknown as Finder & { now: FinderResult };
    finder.now = { findings: [], unknown: [] };
    return finder;
  }
  const webhookFinding = (subject: string, count: number) => ({
    subject,
    count,
    what: `Webhook ${subject}: ${count} failed events are dropped within 6 hours unless a retry succeeds`,
    path: `/alerts/${subject}/horizon`,
  });
  const bodies = () => receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);

  async function setUp(format: "plain" | "slack", rule: "drop-horizon" | "audit-chain" = "drop-horizon") {
    await writeDestination(h.db, { url: receiver.url, format }, by);
    await switchRule(rule, rule === "drop-horizon" ? { enabled: true, threshold: 6 } : { enabled: true });
    return format === "plain" ? newSigningSecret(h.db) : undefined;
  }

  /**
   * The receiver's check exactly as docs/security.md gives it (its code block, run here with node:crypto
   * alone, not the console's code), with "now" moved to `nowSeconds` to try an old timestamp.
   */
  function verify(secret: string, headers: Record<string, unknown>, body: string, nowSeconds: number): boolean {
    const doc = readFileSync(path.resolve(process.cwd(), "docs/security.md"), "utf8");
    const block = /## Notifications[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
    if (!block) throw new Error("docs/security.md: no receiver check under ## Notifications");
    const code = block.replace(/^import .*$/m, "").replaceAll("Date.now()", "now");
    const check = new Function("createHmac", "timingSafeEqual", "now", `${code}; return fromConsole;`)(
      createHmac,
      timingSafeEqual,
      nowSeconds * 1000,
    ) as (secret: string, headers: Record<string, unknown>, rawBody: string) => boolean;
    return check(secret, headers, body);
  }

  describe("notifications to a webhook receiver", () => {
    it("sends the plain JSON body, signed over the timestamp and the exact bytes", async () => {
      const secret = (await setUp("plain"))!;
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      const now = Date.now();
      await runNotifications(h.db, { now, finders: { "drop-horizon": finder } });

      expect(receiver.received).toHaveLength(1);
      const [request] = receiver.received;
      const body = JSON.parse(request!.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(["at", "count", "id", "kind", "link", "rule", "state", "what"]);
      expect(body).toMatchObject({
        kind: "finding",
        rule: "drop-horizon",
        state: "firing",
        count: 3,
        link: "https://console.example.com/alerts/wh_1/horizon",
        at: new Date(now).toISOString(),
        what: expect.stringContaining("wh_1"),
      });
      expect(request!.headers["content-type"]).toBe("application/json");
      expect(verify(secret, request!.headers, request!.body, Math.floor(Date.now() / 1000))).toBe(true);
      // One byte changed, another secret, or an old timestamp: the check fails.
      expect(verify(secret, request!.headers, request!.body.replace('"count":3', '"count":4'), Date.now() / 1000)).toBe(
        false,
      );
      expect(verify(`${secret}x`, request!.headers, request!.body, Date.now() / 1000)).toBe(false);
      expect(verify(secret, request!.headers, request!.body, Date.now() / 1000 + 3600)).toBe(false);
    });

    it("sends the Slack-compatible body: only { text }, with what, how many and the link", async () => {
      await setUp("slack");
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_2", 5)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(bodies()).toHaveLength(1);
      const [body] = bodies();
      expect(Object.keys(body!)).toEqual(["text"]);
      expect(body!.text).toContain("[Firing] Webhook wh_2: 5 failed events");
      expect(body!.text).toContain("<https://console.example.com/alerts/wh_2/horizon|Open in the console>");
      expect(receiver.received[0]!.headers["x-console-signature"]).toBeUndefined();
    });

    it("sends one firing message per finding while it stands, then exactly one resolved", async () => {
      await setUp("plain");
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3), webhookFinding("wh_2", 1)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      finder.now.findings = [webhookFinding("wh_1", 4), webhookFinding("wh_2", 1)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(bodies().map((b) => [b.state, b.count, b.link])).toEqual([
        ["firing", 3, "https://console.example.com/alerts/wh_1/horizon"],
        ["firing", 1, "https://console.example.com/alerts/wh_2/horizon"],
      ]);

      // wh_2 could not be read this time: not "all clear". wh_1 cleared: one resolved.
      finder.now = { findings: [], unknown: ["wh_2"] };
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      finder.now = { findings: [], unknown: ["wh_2"] };
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(bodies().slice(2)).toEqual([
        expect.objectContaining({
          state: "resolved",
          rule: "drop-horizon",
          count: 0,
          link: expect.stringContaining("wh_1"),
        }),
      ]);

      // A finder that fails resolves nothing either; wh_2 read again and gone: resolved. Back: firing anew.
      await runNotifications(h.db, {
        finders: {
          "drop-horizon": async () => {
            throw new Error("upstream down");
          },
        },
      });
      expect(receiver.received).toHaveLength(3);
      finder.now = { findings: [], unknown: [] };
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      finder.now.findings = [webhookFinding("wh_1", 2)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(
        bodies()
          .slice(3)
          .map((b) => [b.state, String(b.link).split("/")[4]]),
      ).toEqual([
        ["resolved", "wh_2"],
        ["firing", "wh_1"],
      ]);
      // Every message has an id of its own.
      expect(new Set(bodies().map((b) => b.id)).size).toBe(5);
    });

    it("retries a send the receiver answered 500, after the backoff, and the same message is accepted once", async () => {
      await setUp("plain");
      receiver.answers.push(500);
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      const now = Date.now();
      await runNotifications(h.db, { now, finders: { "drop-horizon": finder } });
      expect(receiver.received.map((r) => r.status)).toEqual([500]);
      const [row] = await h.db.select().from(tables.notificationOutbox);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500 });
      expect(Date.parse(row!.nextAttemptAt)).toBe(now + FIRST_RETRY_MS);

      // Not due yet: nothing is sent, however often the pass runs; due: sent once, accepted.
      await runNotifications(h.db, { now: now + FIRST_RETRY_MS - 1, finders: { "drop-horizon": finder } });
      expect(receiver.received).toHaveLength(1);
      await runNotifications(h.db, { now: now + FIRST_RETRY_MS, finders: { "drop-horizon": finder } });
      await runNotifications(h.db, { now: now + 10 * FIRST_RETRY_MS, finders: { "drop-horizon": finder } });
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
      expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
      const view = await notificationsView(h.db);
      expect(view.sends).toEqual([
        expect.objectContaining({
          rule: "drop-horizon",
          state: "firing",
          status: "sent",
          httpStatus: 200,
          attempts: 2,
        }),
      ]);
    });

    it(`gives up after ${MAX_ATTEMPTS} attempts and says so on the page`, async () => {
      await setUp("slack");
      receiver.answers.push(...Array<number>(MAX_ATTEMPTS + 2).fill(500));
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      let now = Date.now();
      await runNotifications(h.db, { now, finders: { "drop-horizon": finder } });
      for (let attempt = 1; attempt < MAX_ATTEMPTS + 2; attempt++) {
        now += retryDelayMs(attempt);
        await runNotifications(h.db, { now, finders: { "drop-horizon": finder } });
      }
      expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
      const view = await notificationsView(h.db);
      expect(view.sends).toEqual([
        expect.objectContaining({ status: "gave-up", attempts: MAX_ATTEMPTS, httpStatus: 500, nextAttemptAt: null }),
      ]);
      expect(view.sends[0]!.lastError).toBe("The receiver answered 500.");
    });

    it("the page shows what each write changed, whichever table it went to", async () => {
      // What the page is served (kept between writes on PGlite) against the tables read afresh.
      const same = async () => {
        const shown = await shownNotifications();
        expect(shown).toEqual(await notificationsView(h.db));
        return shown;
      };
      expect((await same()).destination.shown).toBeNull();
      await writeDestination(h.db, { url: receiver.url, format: "plain" }, by);
      expect((await same()).destination.shown).not.toBeNull();
      await switchRule("drop-horizon", { enabled: true, threshold: 6 });
      expect((await same()).rules.find((r) => r.id === "drop-horizon")?.enabled).toBe(true);
      expect((await same()).destination.hasSecret).toBe(false);
      await newSigningSecret(h.db);
      expect((await same()).destination.hasSecret).toBe(true);
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      await runNotifications(h.db, { now: Date.now(), finders: { "drop-horizon": finder } });
      expect(await same()).toMatchObject({ firing: { "drop-horizon": 1 }, sends: [{ status: "sent" }] });
      await h.db.update(tables.notificationOutbox).set({ status: "gave-up" });
      expect(await same()).toMatchObject({ sends: [{ status: "gave-up" }] });
      await h.db.update(tables.notificationFindings).set({ state: "resolved" });
      expect((await same()).firing).toEqual({});
      await h.db.insert(tables.jobRuns).values({
        kind: NOTIFY_JOB_KIND,
        status: "succeeded",
        params: {},
        startedById: "system",
        startedByEmail: "system",
        finishedAt: new Date(),
      });
      expect((await same()).lastPass?.status).toBe("succeeded");
    });

    it("sends a message a dead sender had claimed once its claim lapses, not before", async () => {
      await setUp("slack");
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      const now = Date.now();
      // Written by a pass that died before sending: claimed for a minute by a sender that is gone.
      receiver.answers.push(500);
      await runNotifications(h.db, { now, finders: { "drop-horizon": finder } });
      const claimedUntil = new Date(now + FIRST_RETRY_MS + 60_000).toISOString();
      await h.db.update(tables.notificationOutbox).set({ claimedUntil });
      await runNotifications(h.db, { now: now + FIRST_RETRY_MS, finders: { "drop-horizon": finder } });
      expect(receiver.received).toHaveLength(1);
      await runNotifications(h.db, { now: now + FIRST_RETRY_MS + 60_001, finders: { "drop-horizon": finder } });
      expect(receiver.received.map((r) => r.status)).toEqual([500, 200]);
    });

    it("a rule switched off is not asked and forgets its findings; nothing is sent without a destination", async () => {
      await setUp("slack");
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      await switchRule("drop-horizon", { enabled: false, threshold: 6 });
      let asked = 0;
      await runNotifications(h.db, { finders: { "drop-horizon": async () => (asked++, finder.now) } });
      expect(asked).toBe(0);
      expect(await h.db.select().from(tables.notificationFindings)).toEqual([]);
      await writeDestination(h.db, { url: null, format: "slack" }, by);
      await switchRule("drop-horizon", { enabled: true, threshold: 6 });
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(receiver.received).toHaveLength(1);
    });

    it("a rule switched off with no destination set forgets its findings at once, and fires anew when switched on", async () => {
      await setUp("slack");
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(receiver.received).toHaveLength(1);
      await writeDestination(h.db, { url: null, format: "slack" }, by);
      await switchRule("drop-horizon", { enabled: false, threshold: 6 });
      // No pass runs without a destination: the switch itself forgot what was firing.
      expect(await h.db.select().from(tables.notificationFindings)).toEqual([]);
      expect((await notificationsView(h.db)).firing).toEqual({});
      await writeDestination(h.db, { url: receiver.url, format: "slack" }, by);
      await switchRule("drop-horizon", { enabled: true, threshold: 6 });
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(receiver.received).toHaveLength(2);
      expect(JSON.stringify(bodies()[1])).toContain("wh_1");
    });

    it("a rule switched off while the pass reads its source fires nothing for what it found", async () => {
      await setUp("plain");
      // The admin's switch lands between the pass's read of the rules and its findings.
      const finder: Finder = async () => {
        await switchRule("drop-horizon", { enabled: false, threshold: 6 });
        return { findings: [webhookFinding("wh_1", 3)], unknown: [] };
      };
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      expect(receiver.received).toEqual([]);
      expect(await h.db.select().from(tables.notificationFindings)).toEqual([]);
      expect(await h.db.select().from(tables.notificationOutbox)).toEqual([]);
    });

    it("keeps the signing secret and the destination URL only encrypted, in no other row, and shows neither", async () => {
      const secret = (await setUp("plain"))!;
      const finder = fake();
      finder.now.findings = [webhookFinding("wh_1", 3)];
      await runNotifications(h.db, { finders: { "drop-horizon": finder } });
      const dump = JSON.stringify(
        await Promise.all(
          ["vault_records", "notification_settings", "notification_outbox", "notification_findings", "audit_log"].map(
            async (t) => (await h.db.execute(sql.raw(`select * from ${t}`))) as unknown,
          ),
        ),
      );
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain(secret.slice(6, 30));
      // The URL's path may be its credential (a Slack webhook's is): not in any table, nor on the page.
      const { pathname } = new URL(receiver.url);
      expect(dump).not.toContain(pathname);
      expect(dump).not.toContain("receiver-token-123");
      const view = JSON.stringify(await notificationsView(h.db));
      expect(view).not.toContain("receiver-token-123");
      expect(view).not.toContain(pathname);
      expect(view).not.toContain(secret);
    });
  });

  describe("a real source: the audit chain found broken", () => {
    it("fires once when the chain is found broken, and resolves once when the break is acknowledged", async () => {
      await setUp("plain", "audit-chain");
      const actor = { id: "u1", email: "alice@example.com", role: "admin" };
      for (let i = 0; i < 5; i++) await appendAudit({ actor, action: "users.create", outcome: "ok" }, h.db);
      await checkpointsWritten();
      await runNotifications(h.db);
      expect(receiver.received).toHaveLength(0);

      // A database writer edits a record; Verify finds it and raises the chain alarm.
      await h.db.execute(sql`update audit_log set action = 'users.delete' where seq = 3`);
      expect((await verifyChain(h.db)).ok).toBe(false);
      await runNotifications(h.db);
      await runNotifications(h.db);
      expect(bodies()).toEqual([
        expect.objectContaining({
          rule: "audit-chain",
          state: "firing",
          count: 1,
          link: "https://console.example.com/audit",
          what: expect.stringContaining("The audit chain was found broken"),
        }),
      ]);

      await clearChainAlarm();
      await runNotifications(h.db);
      await runNotifications(h.db);
      expect(bodies().map((b) => [b.rule, b.state])).toEqual([
        ["audit-chain", "firing"],
        ["audit-chain", "resolved"],
      ]);
      const [finding] = await h.db
        .select()
        .from(tables.notificationFindings)
        .where(eq(tables.notificationFindings.rule, "audit-chain"));
      expect(finding).toMatchObject({ state: "resolved", subject: "audit-chain" });
    });
  });
});
