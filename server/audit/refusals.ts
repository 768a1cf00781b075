import "server-only";
import { getDb, type Db } from "@/server/db";
import { hitWindow } from "@/server/db/window-counter";
import { recordCounted } from "./refusal-counts";
import { keyOf, REFUSAL_WINDOW_SECONDS, REFUSALS_RECORDED_PER_MINUTE, type RefusalScope } from "./refusal-scopes";

/**
 * Refusals cost the caller next to nothing (a stranger's call, a wrong password, a signed-in
 * person's script calling an action their role may not), and every record is an append under the
 * chain's lock that other staff's acts wait behind. So each scope (./refusal-scopes.ts) has a
 * budget of records a minute: the first few are recorded one by one, the last of them saying so,
 * and the rest only counted. The count is recorded too, once the minute is over, by whoever sees that
 * first: the first refusal in the same scope after it (before its own record), or else the
 * rate-limit sweep (./refusal-counts.ts). Nothing waits on a timer, and no count is lost or
 * recorded twice, however many instances race.
 */
export type RefusalBudget = { record: true; last: boolean } | { record: false };

export async function refusalBudget(scope: RefusalScope, db?: Db, now = new Date()): Promise<RefusalBudget> {
  const database = db ?? (await getDb());
  const perMinute = REFUSALS_RECORDED_PER_MINUTE[scope.kind];
  const hit = await hitWindow(database, keyOf(scope), REFUSAL_WINDOW_SECONDS, now);
  if (hit.ended && hit.ended.hits > perMinute)
    await recordCounted(database, scope, hit.ended.hits - perMinute, hit.ended.startedAt);
  if (hit.hits > perMinute) return { record: false };
  return { record: true, last: hit.hits === perMinute };
}
