import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { tables, type Db } from "@/server/db";
import { auditUnavailable } from "@/server/errors";
import { acknowledgements } from "./acknowledgements";
import { tampered } from "./guard";
import { storedAuditKeys } from "./keys";
import { sealHolds } from "./record-seal";

export type AuditRow = typeof tables.auditLog.$inferSelect;

/**
 * A check of records the console reads a setting from (which acts need a case, which schedules were
 * stopped): a record that carries its seal is trusted; one an operator acknowledged as edited
 * (`npm run audit:acknowledge`) is passed over, as what it says is not; any other one was changed
 * outside the console, which raises the chain's alarm and refuses whatever asked, as any act on a
 * damaged log is refused. `what` names the setting in the alarm.
 */
export async function recordTrust(db: Db, what: string): Promise<(row: AuditRow) => Promise<boolean>> {
  const keys = await storedAuditKeys(db);
  let edited: Set<number> | undefined;
  return async (row) => {
    if (keys && sealHolds(keys, row)) return true;
    edited ??= (await acknowledgements(db, keys)).edited;
    if (edited.has(row.seq)) return false;
    throw auditUnavailable(
      await tampered(
        "record-forged",
        `audit record #${row.seq}, which sets ${what}, does not carry its seal: it was changed outside the console`,
      ),
    );
  };
}

/**
 * The records of acts of one kind that took effect (outcome ok) on these targets, oldest first, each
 * checked as `recordTrust` says (passed over, or the alarm raised); `trust` checks any further record
 * the caller reads (an outcome's intent).
 */
export async function trustedOutcomes(
  db: Db,
  setting: { action: string; targets: readonly string[]; what: string },
): Promise<{ rows: AuditRow[]; trust: (row: AuditRow) => Promise<boolean> }> {
  const t = tables.auditLog;
  const found =
    setting.targets.length === 0
      ? []
      : await db
          .select()
          .from(t)
          .where(and(eq(t.action, setting.action), eq(t.outcome, "ok"), inArray(t.target, [...setting.targets])))
          .orderBy(asc(t.seq));
  const trust = await recordTrust(db, setting.what);
  const rows: AuditRow[] = [];
  for (const row of found) if (await trust(row)) rows.push(row);
  return { rows, trust };
}
