import "server-only";
import type { tables, Db } from "@/server/db";
import { auditUnavailable } from "@/server/errors";
import { acknowledgements } from "./acknowledgements";
import { tampered } from "./guard";
import { storedAuditKeys } from "./keys";
import { sealHolds } from "./record-seal";

type Row = typeof tables.auditLog.$inferSelect;

/**
 * A check of records the console reads a setting from (which acts need a case, which schedules were
 * stopped): a record that carries its seal is trusted; one an operator acknowledged as edited
 * (`npm run audit:acknowledge`) is passed over, as what it says is not; any other one was changed
 * outside the console, which raises the chain's alarm and refuses whatever asked, as any act on a
 * damaged log is refused. `what` names the setting in the alarm.
 */
export async function recordTrust(db: Db, what: string): Promise<(row: Row) => Promise<boolean>> {
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
