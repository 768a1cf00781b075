import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { RULE_IDS, ruleSetting, type RuleId, type RuleSetting } from "@/lib/notifications/rules";
import { inputOnRecord, recordTrust, type AuditRow } from "@/server/audit/trusted-records";
import { tables, type Db } from "@/server/db";
import { isAppError } from "@/server/errors";

/** The act that switches a notification rule (server/actions/notifications.ts); its record's target is ruleTarget's. */
export const RULE_ACTION = "notifications.rule";
export const ruleTarget = (rule: RuleId) => `notifications:${rule}`;

export interface RulesOnRecord {
  rules: Record<RuleId, RuleSetting>;
  /** Rules an administrator is switching off right now: the act's intent is on record, its outcome not yet. */
  switchingOff: Set<RuleId>;
}

const switchSchema = z.object({
  input: z.object({ enabled: z.boolean(), threshold: z.number().int().optional() }),
});

/**
 * Each rule's switch and threshold as the audit chain says: the newest administrator's switch that took
 * effect (a "notifications.rule" record with outcome ok); a rule never switched is off. The chain is the
 * only place they are kept, so a database writer cannot silence a notification unseen: a record they
 * remove breaks the chain (Verify and the next checkpoint name it), one they add cannot be sealed. A
 * record that does not carry its seal raises the chain's alarm (server/audit/trusted-records.ts) and
 * its rule is held on at its default threshold: a forged switch never silences a notification, and the
 * pass that reads it still sends (the audit-chain rule among them). A record an operator acknowledged
 * as edited is passed over.
 */
export async function rulesOnRecord(db: Db, only: readonly RuleId[] = RULE_IDS): Promise<RulesOnRecord> {
  const t = tables.auditLog;
  const byTarget = new Map<string, RuleId>(only.map((rule) => [ruleTarget(rule), rule]));
  const found =
    only.length === 0
      ? []
      : await db
          .select()
          .from(t)
          .where(and(eq(t.action, RULE_ACTION), inArray(t.target, [...byTarget.keys()])))
          .orderBy(asc(t.seq));
  const sealed = await recordTrust(db, "a notification rule's switch");
  const forged = new Set<RuleId>();
  const trust = async (row: AuditRow) => {
    try {
      return await sealed(row);
    } catch (error) {
      // The alarm is raised (by recordTrust); the rule is held on rather than the pass refused.
      if (!isAppError(error) || error.code !== "AUDIT_UNAVAILABLE") throw error;
      const rule = byTarget.get(row.target ?? "");
      if (rule) forged.add(rule);
      return false;
    }
  };
  const stored: Partial<Record<RuleId, RuleSetting>> = {};
  const switchingOff = new Set<RuleId>();
  for (const rule of only) {
    const rows = found.filter((row) => row.target === ruleTarget(rule));
    const answered = new Set(rows.map((row) => row.intentId).filter(Boolean));
    let settled = false;
    for (const row of rows.reverse()) {
      if (row.outcome === "error") continue;
      if (row.outcome === "intent") {
        // An act under way: its intent stands, no outcome yet (a failed one says "error").
        if (
          !settled &&
          !answered.has(row.id) &&
          (await trust(row)) &&
          switchSchema.safeParse(row.input).data?.input.enabled === false
        )
          switchingOff.add(rule);
        continue;
      }
      if (settled || !(await trust(row))) continue;
      const change = await inputOnRecord(db, row, trust, switchSchema);
      if (!change) continue;
      stored[rule] = change;
      settled = true;
    }
  }
  for (const rule of forged) stored[rule] = { enabled: true };
  const rules = Object.fromEntries(only.map((id) => [id, ruleSetting(id, stored)])) as Record<RuleId, RuleSetting>;
  return { rules, switchingOff };
}
