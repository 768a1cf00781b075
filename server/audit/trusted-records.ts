import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
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
 * The records of acts of one kind that took effect (outcome ok) on these targets (every target when
 * none are named), oldest first, each checked as `recordTrust` says (passed over, or the alarm raised);
 * `trust` checks any further record the caller reads (an outcome's intent).
 */
export async function trustedOutcomes(
  db: Db,
  setting: { action: string; targets?: readonly string[]; what: string },
): Promise<{ rows: AuditRow[]; trust: (row: AuditRow) => Promise<boolean> }> {
  const t = tables.auditLog;
  const { targets } = setting;
  const found =
    targets?.length === 0
      ? []
      : await db
          .select()
          .from(t)
          .where(
            and(
              eq(t.action, setting.action),
              eq(t.outcome, "ok"),
              targets ? inArray(t.target, [...targets]) : undefined,
            ),
          )
          .orderBy(asc(t.seq));
  const trust = await recordTrust(db, setting.what);
  const rows: AuditRow[] = [];
  for (const row of found) if (await trust(row)) rows.push(row);
  return { rows, trust };
}

/**
 * What a record says was set, as `schema` reads its `input`: the record's own, or its intent's where the
 * outcome's details could not be written (server/kit/define-action.ts keeps the outcome then, with a note
 * instead of the input). The intent is checked with `trust`.
 */
export async function inputOnRecord<T>(
  db: Db,
  row: AuditRow,
  trust: (row: AuditRow) => Promise<boolean>,
  schema: z.ZodType<{ input: T }>,
): Promise<T | undefined> {
  const own = schema.safeParse(row.input);
  if (own.success) return own.data.input;
  if (!row.intentId) return undefined;
  const [intent] = await db.select().from(tables.auditLog).where(eq(tables.auditLog.id, row.intentId)).limit(1);
  if (!intent || !(await trust(intent))) return undefined;
  const parsed = schema.safeParse(intent.input);
  return parsed.success ? parsed.data.input : undefined;
}
