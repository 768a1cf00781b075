import type { RuleId, RuleSetting } from "@/lib/notifications/rules";

/**
 * Switches a notification rule as an admin does on the page: through its act (saveNotifyRule), whose
 * record is the switch (server/notifications/rules-on-record.ts). The test file mocks the session with
 * an admin (testing/kit/session-double.ts) and the request context.
 */
export async function switchRule(rule: RuleId, setting: RuleSetting): Promise<void> {
  const { saveNotifyRule } = await import("@/server/actions/notifications");
  const result = await saveNotifyRule({ rule, ...setting });
  if (!result.ok) throw new Error(`switching ${rule}: ${result.error.code} ${result.error.message}`);
}
