import "server-only";
import { RULE_IDS, type RuleId } from "@/lib/notifications/rules";
import type { Db } from "@/server/db";
import { logger } from "@/server/log";
import { evaluateRule } from "./evaluate";
import { FINDERS } from "./finders";
import type { Finder } from "./finders/types";
import { publicOrigin } from "./origin";
import { deliverDue, pruneOutbox, type DeliveryReport } from "./outbox";
import { forgetFindings, readSettings } from "./settings";

export interface TickReport {
  /** Rules looked at, with what changed. */
  rules: { rule: RuleId; fired: number; resolved: number }[];
  /** Rules whose finder failed this time (their findings stand as they were). */
  failed: RuleId[];
  delivery: DeliveryReport;
  /** When the settings this pass went by were saved (null: never saved). */
  settingsAt: string | null;
}

/**
 * One pass: with a destination set, each enabled rule's finder is asked and its findings held against
 * the stored ones (evaluate.ts), a disabled rule's findings are forgotten, and due messages are sent.
 * `finders` replaces the real ones (tests drive the evaluator with findings of their choosing).
 */
export async function runNotifications(
  db: Db,
  options: { now?: number; finders?: Partial<Record<RuleId, Finder>> } = {},
): Promise<TickReport> {
  const now = options.now ?? Date.now();
  const settings = await readSettings(db);
  const report: TickReport = {
    rules: [],
    failed: [],
    delivery: { sent: 0, failed: 0, gaveUp: 0 },
    settingsAt: settings.updatedAt,
  };
  if (!settings.url) return report;
  const origin = publicOrigin();
  for (const rule of RULE_IDS) {
    const setting = settings.rules[rule];
    if (!setting.enabled) {
      await forgetFindings(db, rule);
      continue;
    }
    const finder = options.finders?.[rule] ?? FINDERS[rule];
    let found;
    try {
      found = await finder(setting.threshold, now);
    } catch (error) {
      // A source that cannot be read is not "all clear": nothing is resolved on its account.
      logger.warn({ err: error, rule }, "a notification rule could not be checked");
      report.failed.push(rule);
      continue;
    }
    report.rules.push({ rule, ...(await evaluateRule(db, rule, found, { now, origin })) });
  }
  report.delivery = await deliverDue(db, { now });
  await pruneOutbox(db, now);
  return report;
}
