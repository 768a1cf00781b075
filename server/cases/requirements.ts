import "server-only";
import { CASE_REQUIRABLE, type RequirableAction } from "@/lib/cases/requirable";
import type { CaseRequirementView } from "@/lib/cases/views";
import { getDb } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { requirementsOnRecord } from "./requirements-on-record";

/**
 * Every act a case may be required for, with whether it is and since when, by whom, as the audit chain
 * says (./requirements-on-record.ts); kept between writes to the log (server/db/kept-reads.ts).
 */
export function listCaseRequirements(): Promise<CaseRequirementView[]> {
  return keptRead(["audit_log"], "case requirements", async (db) => {
    const onRecord = await requirementsOnRecord(
      db,
      CASE_REQUIRABLE.map((a) => a.action),
    );
    return {
      value: CASE_REQUIRABLE.map(({ action, label }) => {
        const since = onRecord.get(action)?.since ?? null;
        return {
          action,
          label,
          required: since !== null,
          requiredBy: since?.by ?? null,
          requiredAt: since?.at ?? null,
        };
      }),
    };
  });
}

/**
 * Requires a case for one act, or stops requiring it. Nothing is written here: the act's own audit
 * record (cases.require, outcome ok) is the change, in force once it is appended. Doing what already
 * holds changes nothing, and says so.
 */
export async function setCaseRequirement(input: {
  action: RequirableAction;
  required: boolean;
}): Promise<{ action: RequirableAction; required: boolean; changed: boolean }> {
  const now = (await requirementsOnRecord(await getDb(), [input.action])).get(input.action);
  return { ...input, changed: (now?.required ?? false) !== input.required };
}
