import "server-only";
import { isNotNull } from "drizzle-orm";
import type { AuditFacets } from "@/lib/audit";
import { KNOWN_AUDIT_ACTIONS, KNOWN_ERROR_CODES, mergeFacet } from "@/lib/audit/catalog";
import { tables, type Db } from "@/server/db";
import { KEEP_MS, keptFor } from "@/server/kit/kept";

type Found = { actions: string[]; codes: string[] };

// Every audit page and its filters ask; the values the log holds beyond the known ones change only when
// an older version's records are there, so a scan of the whole log is kept a minute per process.
const kept = keptFor<Found>({ keepMs: KEEP_MS.auditFacets, failedMs: 0, max: 4 });
/** One key per database handle (a test process opens several). */
const keys = new WeakMap<Db, string>();
let handles = 0;
function keyOf(db: Db): string {
  let key = keys.get(db);
  if (key === undefined) keys.set(db, (key = String(handles++)));
  return key;
}

/** The actions and error codes the filters offer: the known ones and whatever else the log holds. */
export async function auditFacets(db: Db): Promise<AuditFacets> {
  const found = await kept.get(keyOf(db), async () => {
    const t = tables.auditLog;
    const [actions, codes] = await Promise.all([
      db.selectDistinct({ value: t.action }).from(t),
      db.selectDistinct({ value: t.errorCode }).from(t).where(isNotNull(t.errorCode)),
    ]);
    return {
      actions: actions.map((r) => r.value),
      codes: codes.map((r) => r.value).filter((v): v is string => v !== null),
    };
  });
  return {
    actions: mergeFacet(KNOWN_AUDIT_ACTIONS, found.actions),
    errorCodes: mergeFacet(KNOWN_ERROR_CODES, found.codes),
  };
}
