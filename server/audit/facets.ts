import "server-only";
import { isNotNull } from "drizzle-orm";
import type { AuditFacets } from "@/lib/audit";
import { KNOWN_AUDIT_ACTIONS, KNOWN_ERROR_CODES, mergeFacet } from "@/lib/audit/catalog";
import { tables, type Db } from "@/server/db";

/** The actions and error codes the filters offer: the known ones and whatever else the log holds. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const t = tables.auditLog;
  const [actions, codes] = await Promise.all([
    db.selectDistinct({ value: t.action }).from(t),
    db.selectDistinct({ value: t.errorCode }).from(t).where(isNotNull(t.errorCode)),
  ]);
  return {
    actions: mergeFacet(
      KNOWN_AUDIT_ACTIONS,
      actions.map((r) => r.value),
    ),
    errorCodes: mergeFacet(
      KNOWN_ERROR_CODES,
      codes.map((r) => r.value).filter((v): v is string => v !== null),
    ),
  };
}
