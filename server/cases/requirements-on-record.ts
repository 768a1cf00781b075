import "server-only";
import { z } from "zod";
import { inputOnRecord, trustedOutcomes } from "@/server/audit/trusted-records";
import type { Db } from "@/server/db";

/** The act by which an administrator requires a case for another act, or stops requiring it. */
export const REQUIRE_ACTION = "cases.require";

export interface RequirementOnRecord {
  required: boolean;
  /** Who made it required, and when (the first record of the standing requirement); null when not required. */
  since: { by: string | null; at: string } | null;
}

const changeSchema = z.object({ input: z.object({ action: z.string(), required: z.boolean() }) });

/**
 * Whether a case is required for each of `actions`, as the audit chain says: the newest administrator's
 * change that took effect (a "cases.require" record with outcome ok). The chain is the only place it is
 * kept, so a database writer cannot switch a requirement off unseen: a record they edit no longer carries
 * its seal (the chain's alarm is raised and the act refused), one they remove breaks the chain (Verify and
 * the next checkpoint name it), and one they add cannot be sealed without the chain's keys. A record an
 * operator acknowledged as edited (`npm run audit:acknowledge`) is passed over: what it says is not trusted.
 */
export async function requirementsOnRecord(
  db: Db,
  actions: readonly string[],
): Promise<Map<string, RequirementOnRecord>> {
  const { rows, trust } = await trustedOutcomes(db, {
    action: REQUIRE_ACTION,
    targets: actions,
    what: "whether a case is required for an act",
  });
  const found = new Map<string, RequirementOnRecord>(actions.map((a) => [a, { required: false, since: null }]));
  const settled = new Set<string>();
  for (const row of rows.reverse()) {
    const action = row.target ?? "";
    if (settled.has(action)) continue;
    const change = await inputOnRecord(db, row, trust, changeSchema);
    if (!change) continue;
    // Newest first: a "not required" ends the look; each "required" before it moves "since" back to it.
    if (!change.required) settled.add(action);
    else found.set(action, { required: true, since: { by: row.actorEmail, at: new Date(row.at).toISOString() } });
  }
  return found;
}
