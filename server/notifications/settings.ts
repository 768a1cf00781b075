import "server-only";
import { eq, sql } from "drizzle-orm";
import { shownDestination, type NotifyFormat } from "@/lib/notifications/destination";
import type { RuleId, RuleSetting } from "@/lib/notifications/rules";
import { tables, type Db } from "@/server/db";
import { getEnv } from "@/server/env";
import { vaultDelete, vaultGetText, vaultPut } from "@/server/vault";
import { destinationFingerprint } from "./destination-fingerprint";
import { destinationOnRecord, type DestinationOnRecord } from "./destination-on-record";
import { rulesOnRecord } from "./rules-on-record";

const ROW = "console";
/** The admin's destination URL, sealed under CONSOLE_VAULT_KEY like the signing secret. */
const DESTINATION = { purpose: "notify-destination", subject: "console" };

export interface NotifySettings {
  /** Where to send now: the admin's URL, else CONSOLE_NOTIFY_URL, else null (off). */
  url: string | null;
  source: "admin" | "environment" | null;
  format: NotifyFormat;
  rules: Record<RuleId, RuleSetting>;
  updatedByEmail: string | null;
  updatedAt: string | null;
  /** A destination an admin set (on the audit record) that the vault no longer holds: deleted outside the console. */
  lost: { shown: string; by: string | null; at: string } | null;
  /**
   * The vault holds a URL the newest record did not set (an older one put back from a backup, or one the
   * record cleared): not sent to; `held` is how the page shows it, beside what the record says.
   */
  restored: (DestinationOnRecord & { held: string }) | null;
}

/** The settings row, every rule's setting as the audit chain says (./rules-on-record.ts), and the destination in force. */
export async function readSettings(db: Db): Promise<NotifySettings> {
  const [row] = await db
    .select()
    .from(tables.notificationSettings)
    .where(eq(tables.notificationSettings.id, ROW))
    .limit(1);
  const { rules } = await rulesOnRecord(db);
  const env = getEnv().CONSOLE_NOTIFY_URL ?? null;
  const vault = (await vaultGetText(db, DESTINATION)) ?? null;
  const recorded = await destinationOnRecord(db);
  const restored =
    vault && recorded && !(await setBy(db, vault, recorded)) ? { ...recorded, held: shownDestination(vault) } : null;
  const admin = restored ? null : vault;
  return {
    url: admin ?? env,
    source: admin ? "admin" : env ? "environment" : null,
    format: row?.format ?? "plain",
    rules,
    updatedByEmail: row?.updatedByEmail ?? null,
    updatedAt: row?.updatedAt ?? null,
    lost: !vault && recorded?.shown ? { shown: recorded.shown, by: recorded.by, at: recorded.at } : null,
    restored,
  };
}

/**
 * Whether the vault's URL is the one the newest record set: its fingerprint when the record has one, else
 * (records from before fingerprints) what the page shows of it.
 */
async function setBy(db: Db, url: string, recorded: DestinationOnRecord): Promise<boolean> {
  if (recorded.shown === null) return false;
  if (recorded.fingerprint === undefined) return recorded.shown === shownDestination(url);
  return recorded.fingerprint === (await destinationFingerprint(db, url));
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
 * What a rule's switch does besides its record (the switch itself is the "notifications.rule" record,
 * ./rules-on-record.ts): the settings row says who saved last, under its lock, and a rule switched off
 * forgets its findings in the same transaction, not at the next pass: with no destination set no pass
 * looks at the rules, and the page would show a switched-off rule as firing (and, switched on again,
 * what stands would not fire anew).
 */
export async function writeRule(db: Db, rule: RuleId, setting: RuleSetting, byEmail: string): Promise<void> {
  await db.transaction(async (tx) => {
    const set = { updatedByEmail: byEmail, updatedAt: sql`now()` };
    await tx
      .insert(tables.notificationSettings)
      .values({ id: ROW, ...set })
      .onConflictDoUpdate({ target: tables.notificationSettings.id, set });
    if (!setting.enabled) await forgetFindings(tx, rule);
  });
}

/**
 * Whether the rule is on now, as its records say, read under a share lock on the settings row: inside a
 * transaction, a switch (writeRule's update of that row) waits for it, or it for the switch. A rule whose
 * switch-off is under way (its intent on record, the outcome not yet) counts as off. A pass that read the
 * rules before an admin switched one off then fires nothing for it.
 */
export async function ruleOnNow(tx: Db, rule: RuleId): Promise<boolean> {
  await tx
    .select({ id: tables.notificationSettings.id })
    .from(tables.notificationSettings)
    .where(eq(tables.notificationSettings.id, ROW))
    .for("share");
  const { rules, switchingOff } = await rulesOnRecord(tx, [rule]);
  return rules[rule].enabled && !switchingOff.has(rule);
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
