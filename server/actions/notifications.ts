"use server";
import { eq } from "drizzle-orm";
import { noInputSchema, saveDestinationSchema, saveRuleSchema } from "@/lib/notifications";
import { shownDestination } from "@/lib/notifications/destination";
import { RULES } from "@/lib/notifications/rules";
import { getDb, tables } from "@/server/db";
import { conflict } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";
import { newDestinationFingerprint } from "@/server/notifications/destination-fingerprint";
import { DESTINATION_ACTION, NOTIFICATIONS_TARGET as TARGET } from "@/server/notifications/destination-on-record";
import { startNotifyPass } from "@/server/notifications/job";
import { publicOrigin } from "@/server/notifications/origin";
import { deliverDue, enqueue } from "@/server/notifications/outbox";
import { RULE_ACTION, ruleTarget } from "@/server/notifications/rules-on-record";
import { hasSigningSecret, newSigningSecret } from "@/server/notifications/secret";
import { readSettings, writeDestination, writeRule } from "@/server/notifications/settings";

/**
 * Sets where notifications go and in which format; an empty URL clears it (CONSOLE_NOTIFY_URL applies
 * again). The first time the plain format is chosen a signing secret is made and returned, once. The
 * record keeps the URL without its query (it may hold the receiver's token).
 */
export const saveNotifyDestination = defineAction({
  action: DESTINATION_ACTION,
  secretFields: [],
  permission: "users:manage",
  input: saveDestinationSchema,
  target: () => TARGET,
  auditInput: ({ url, format }) => ({ destination: url ? shownDestination(url) : null, format }),
  async run(input, { user }) {
    const db = await getDb();
    const fingerprint = input.url ? await newDestinationFingerprint(db, input.url) : undefined;
    await writeDestination(db, { url: input.url || null, format: input.format }, user.email);
    const signingSecret =
      input.format === "plain" && !(await hasSigningSecret(db)) ? await newSigningSecret(db) : undefined;
    return { format: input.format, signingSecret, fingerprint };
  },
  // The fingerprint tells the URL this record set from an older one put back in the vault (server/notifications/settings.ts).
  auditResult: (r) => ({
    signingSecretIssued: r.signingSecret !== undefined,
    ...(r.fingerprint ? { fingerprint: r.fingerprint } : {}),
  }),
});

/** A new signing secret for the plain format, replacing the old one at once; shown once. */
export const newNotifySigningSecret = defineAction({
  action: "notifications.new-signing-secret",
  secretFields: [],
  permission: "users:manage",
  input: noInputSchema,
  target: () => TARGET,
  run: async () => ({ signingSecret: await newSigningSecret(await getDb()) }),
  auditResult: () => ({ signingSecretIssued: true }),
});

/** Switches one rule on or off, with its threshold: its record is the switch (server/notifications/rules-on-record.ts). */
export const saveNotifyRule = defineAction({
  action: RULE_ACTION,
  secretFields: [],
  permission: "users:manage",
  input: saveRuleSchema,
  target: (input) => ruleTarget(input.rule),
  async run(input, { user }) {
    const threshold = RULES[input.rule].threshold;
    const setting = {
      enabled: input.enabled,
      ...(threshold ? { threshold: input.threshold ?? threshold.default } : {}),
    };
    await writeRule(await getDb(), input.rule, setting, user.email);
    return { rule: input.rule, ...setting };
  },
});

/** Sends a test notification now (retried like any other if the receiver fails) and says what the receiver answered. */
export const sendTestNotification = defineAction({
  action: "notifications.test",
  secretFields: [],
  permission: "users:manage",
  input: noInputSchema,
  target: () => TARGET,
  async run() {
    const db = await getDb();
    if (!(await readSettings(db)).url) throw conflict("Set the URL notifications are sent to first.");
    const now = Date.now();
    const id = await enqueue(
      db,
      {
        kind: "test",
        rule: "test",
        state: "firing",
        what: "A test notification from the Custodian Console",
        count: 0,
        link: `${publicOrigin()}/users#notifications`,
        at: new Date(now).toISOString(),
      },
      now,
      "test",
    );
    await deliverDue(db, { now, ids: [id] });
    const [row] = await db.select().from(tables.notificationOutbox).where(eq(tables.notificationOutbox.id, id));
    return { status: row?.status ?? "pending", httpStatus: row?.lastStatus ?? null, error: row?.lastError ?? null };
  },
  auditResult: (r) => ({ status: r.status, httpStatus: r.httpStatus }),
});

/** Checks the rules now (or joins the pass going) rather than at the next scheduled pass. */
export const checkNotificationsNow = defineAction({
  action: "notifications.check",
  secretFields: [],
  permission: "users:manage",
  input: noInputSchema,
  target: () => TARGET,
  run: async (_input, { user }) => ({ runId: await startNotifyPass({ id: user.id, email: user.email }) }),
});
