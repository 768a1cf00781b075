import "server-only";
import { eq } from "drizzle-orm";
import { CASE_REQUIRABLE, type RequirableAction } from "@/lib/cases/requirable";
import type { CaseRequirementView } from "@/lib/cases/views";
import type { StaffUser } from "@/server/auth/users";
import { getDb, tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";

/**
 * Every act a case may be required for, with whether it is and since when, by whom; kept between writes
 * to the table (server/db/kept-reads.ts).
 */
export function listCaseRequirements(): Promise<CaseRequirementView[]> {
  return keptRead(["case_requirements"], "case requirements", async (db) => ({ value: await readRequirements(db) }));
}

async function readRequirements(db: Db): Promise<CaseRequirementView[]> {
  const rows = await db.select().from(tables.caseRequirements);
  const byAction = new Map(rows.map((r) => [r.action, r]));
  return CASE_REQUIRABLE.map(({ action, label }) => {
    const row = byAction.get(action);
    return {
      action,
      label,
      required: row !== undefined,
      requiredBy: row?.requiredByEmail ?? null,
      requiredAt: row ? new Date(row.requiredAt).toISOString() : null,
    };
  });
}

/** Requires a case for one act, or stops requiring it; doing what already holds changes nothing. */
export async function setCaseRequirement(
  input: { action: RequirableAction; required: boolean },
  user: StaffUser,
): Promise<{ action: RequirableAction; required: boolean; changed: boolean }> {
  const db = await getDb();
  if (input.required) {
    const inserted = await db
      .insert(tables.caseRequirements)
      .values({ action: input.action, requiredByEmail: user.email, requiredAt: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    return { ...input, changed: inserted.length > 0 };
  }
  const deleted = await db
    .delete(tables.caseRequirements)
    .where(eq(tables.caseRequirements.action, input.action))
    .returning();
  return { ...input, changed: deleted.length > 0 };
}
