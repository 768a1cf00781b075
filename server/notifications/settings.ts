import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { NotifyFormat } from "@/lib/notifications/destination";
import { RULE_IDS, ruleSetting, type RuleId, type RuleSetting } from "@/lib/notifications/rules";
import { tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { vaultDelete, vaultGetText, vaultPut } from "@/server/vault";

const ROW = "console";
/** The admin's destination URL, sealed under CONSOLE_VAULT_KEY like the signing secret. */
const DESTINATION = { purpose: "notify-destination", subject: "console" };
const storedRules = z.record(z.string(), z.object({ enabled: z.boolean(), threshold: z.number().int().optional() }));

/** The stored rules; a row written outside the console that does not parse counts as no rules on. */
function rulesOf(stored: unknown): z.infer<typeof storedRules> {
  const parsed = storedRules.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}

export interface NotifySettings {
  /** Where to send now: the admin's URL, else CONSOLE_NOTIFY_URL, else null (off). */
  url: string | null;
  source: "admin" | "environment" | null;
  format: NotifyFormat;
  rules: Record<RuleId, RuleSetting>;
  updatedByEmail: string | null;
  updatedAt: string | null;
}

/** The settings row, with every rule's setting (or default) and the destination in force. */
export async function readSettings(db: Db): Promise<NotifySettings> {
  const [row] = await db
    .select()
    .from(tables.notificationSettings)
    .where(eq(tables.notificationSettings.id, ROW))
    .limit(1);
  const stored = rulesOf(row?.rules);
  const env = getEnv().CONSOLE_NOTIFY_URL ?? null;
  const admin = (await vaultGetText(db, DESTINATION)) ?? null;
  return {
    url: admin ?? env,
    source: admin ? "admin" : env ? "environment" : null,
    format: row?.format ?? "plain",
    rules: Object.fromEntries(RULE_IDS.map((id) => [id, ruleSetting(id, stored)])) as Record<RuleId, RuleSetting>,
    updatedByEmail: row?.updatedByEmail ?? null,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Sets (or, with null, clears) the admin's destination and the body format. */
export async function writeDestination(
  db: Db,
  value: { url: string | null; format: NotifyFormat },
  byEmail: string,
): Promise<void> {
  // The URL may itself be the credential (a Slack webhook's path): only the vault holds it.
  if (value.url) await vaultPut(db, DESTINATION, value.url);
  else await vaultDelete(db, DESTINATION);
  const set = { format: value.format, updatedByEmail: byEmail, updatedAt: sql`now()` };
  await db
    .insert(tables.notificationSettings)
    .values({ id: ROW, ...set })
    .onConflictDoUpdate({ target: tables.notificationSettings.id, set });
}

/**
 * Sets one rule's switch and threshold, in one statement (two admins saving two rules at once both stand).
 * A rule switched off forgets its findings in the same transaction, not at the next pass: with no
 * destination set no pass looks at the rules, and the page would show a switched-off rule as firing
 * (and, switched on again, what stands would not fire anew).
 */
export async function writeRule(db: Db, rule: RuleId, setting: RuleSetting, byEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertRule(tx, rule, setting, byEmail);
    if (!setting.enabled) await forgetFindings(tx, rule);
  });
}

/**
 * Whether the rule is on as stored now, read under a share lock on the settings row: inside a
 * transaction, a switch (writeRule's update of that row) waits for it, or it for the switch. A pass that
 * read the rules before an admin switched one off then fires nothing for it.
 */
export async function ruleOnNow(tx: Db, rule: RuleId): Promise<boolean> {
  const [row] = await tx
    .select({ rules: tables.notificationSettings.rules })
    .from(tables.notificationSettings)
    .where(eq(tables.notificationSettings.id, ROW))
    .for("share");
  return ruleSetting(rule, rulesOf(row?.rules)).enabled;
}

/** When the settings were last saved (null: never), without opening the destination. */
export async function settingsSavedAt(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ updatedAt: tables.notificationSettings.updatedAt })
    .from(tables.notificationSettings)
    .where(eq(tables.notificationSettings.id, ROW));
  return row?.updatedAt ?? null;
}

/** A rule switched off forgets its findings without a message: switched on again, what stands fires anew. */
export async function forgetFindings(db: Db, rule: RuleId): Promise<void> {
  await db.delete(tables.notificationFindings).where(eq(tables.notificationFindings.rule, rule));
}

async function upsertRule(db: Db, rule: RuleId, setting: RuleSetting, byEmail: string): Promise<void> {
  const entry = JSON.stringify({ [rule]: setting });
  await db
    .insert(tables.notificationSettings)
    .values({ id: ROW, rules: sql`${entry}::jsonb`, updatedByEmail: byEmail })
    .onConflictDoUpdate({
      target: tables.notificationSettings.id,
      set: {
        rules: sql`${tables.notificationSettings.rules} || ${entry}::jsonb`,
        updatedByEmail: byEmail,
        updatedAt: sql`now()`,
      },
    });
}
