import "server-only";
import { and, eq } from "drizzle-orm";
import type { RuleId } from "@/lib/notifications/rules";
import { tables, type Db } from "@/server/db";
import type { FinderResult } from "./finders/types";
import { enqueue } from "./outbox";
import { ruleOnNow } from "./settings";

const findings = tables.notificationFindings;

/**
 * Holds one rule's findings against what it found before, by (rule, subject): a finding that appears
 * becomes "firing" with one message; one that stands changes only its count (no message); one that is
 * gone becomes "resolved" with one message. A subject the finder could not read is left as it is. Each
 * change and its message are one transaction, and each change is a guarded UPDATE or INSERT, so an
 * evaluation that runs twice (or a restart midway) sends nothing twice. A finding fires only while its
 * rule is on as stored at that moment (ruleOnNow), not as the pass read it.
 */
export async function evaluateRule(
  db: Db,
  rule: RuleId,
  found: FinderResult,
  options: { now: number; origin: string },
): Promise<{ fired: number; resolved: number }> {
  const at = new Date(options.now).toISOString();
  const link = (path: string) => `${options.origin}${path}`;
  let fired = 0;
  let resolved = 0;
  for (const f of found.findings) {
    await db.transaction(async (tx) => {
      const standing = await tx
        .update(findings)
        .set({ count: f.count, what: f.what, path: f.path, lastSeenAt: at })
        .where(and(eq(findings.rule, rule), eq(findings.subject, f.subject), eq(findings.state, "firing")))
        .returning({ subject: findings.subject });
      if (standing.length > 0) return;
      // Switched off since the pass read the rules: the switch forgot its findings; nothing fires anew.
      if (!(await ruleOnNow(tx, rule))) return;
      const fresh = { state: "firing" as const, count: f.count, what: f.what, path: f.path };
      const appeared = await tx
        .insert(findings)
        .values({ rule, subject: f.subject, ...fresh, firstSeenAt: at, lastSeenAt: at })
        .onConflictDoUpdate({
          target: [findings.rule, findings.subject],
          set: { ...fresh, firstSeenAt: at, lastSeenAt: at, resolvedAt: null },
          setWhere: eq(findings.state, "resolved"),
        })
        .returning({ subject: findings.subject });
      if (appeared.length === 0) return;
      await enqueue(
        tx,
        { kind: "finding", rule, state: "firing", what: f.what, count: f.count, link: link(f.path), at },
        options.now,
        f.subject,
      );
      fired++;
    });
  }
  const present = new Set([...found.findings.map((f) => f.subject), ...found.unknown]);
  const firing = await db
    .select({ subject: findings.subject })
    .from(findings)
    .where(and(eq(findings.rule, rule), eq(findings.state, "firing")));
  for (const { subject } of firing.filter((s) => !present.has(s.subject))) {
    await db.transaction(async (tx) => {
      const [cleared] = await tx
        .update(findings)
        .set({ state: "resolved", resolvedAt: at })
        .where(and(eq(findings.rule, rule), eq(findings.subject, subject), eq(findings.state, "firing")))
        .returning();
      if (!cleared) return;
      await enqueue(
        tx,
        {
          kind: "finding",
          rule,
          state: "resolved",
          what: `Cleared: ${cleared.what}`,
          count: 0,
          link: link(cleared.path),
          at,
        },
        options.now,
        subject,
      );
      resolved++;
    });
  }
  return { fired, resolved };
}

/** Findings standing now, per rule. */
export async function firingCounts(db: Db): Promise<Partial<Record<RuleId, number>>> {
  const rows = await db.select({ rule: findings.rule }).from(findings).where(eq(findings.state, "firing"));
  const counts: Partial<Record<RuleId, number>> = {};
  for (const { rule } of rows) counts[rule as RuleId] = (counts[rule as RuleId] ?? 0) + 1;
  return counts;
}
