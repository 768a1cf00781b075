import "server-only";
import type { TestMarking } from "@/lib/alerts/test-activity";
import { involvesAny } from "@/lib/alerts/test-activity";
import type { AlertEvent } from "@/lib/contracts";
import { getDb } from "@/server/db";
import { logger } from "@/server/log";
import { lookUpParties } from "./parties-lookup";
import { claimParties, recordParties, recordedParties, txKey, type TxKey } from "./parties-store";
import { testClientAddresses } from "./test-addresses";

/** Transactions asked of the chain in one read at most (the rest stay unclassified until a later read). */
const LOOKUPS_PER_READ = 150;
/** Chain lookups in flight at once. */
const LOOKUPS_AT_ONCE = 6;

type Marked = Pick<AlertEvent, "id" | "chainId" | "transactionHashes" | "createdAt">;

/**
 * Which of these events are test activity: an event is when one of its transactions involves an address of
 * a test client of this moment (./test-addresses.ts). Only the transactions of these events are looked at:
 * their kept parties are read, and the ones never asked are asked of the chain (at most `lookUpAtMost`,
 * `LOOKUPS_AT_ONCE` at a time; claimed first, so two console processes never ask the same one), and kept.
 * An event whose transaction is not classified after this (over the cap, asked by another process right
 * now, not on the chain yet, or the chain did not answer) is said to be unclassified, never called real.
 * With no test clients, nothing is asked: no event can be test activity.
 */
export async function markTestActivity(
  events: readonly Marked[],
  options: { lookUpAtMost?: number } = {},
): Promise<TestMarking> {
  const test = new Set<string>();
  const unclassified = new Set<string>();
  if (events.length === 0) return { test, unclassified };
  const clients = await testClientAddresses();
  if (clients.since === null) return { test, unclassified };
  // Before the first test client was registered no event can be one of theirs.
  const since = clients.since;
  const candidates = events.filter((e) => Date.parse(e.createdAt) >= since);
  if (clients.unread > 0) {
    for (const event of candidates) unclassified.add(event.id);
    return { test, unclassified };
  }
  const keysOf = (event: Marked): TxKey[] =>
    event.transactionHashes.map((hash) => ({ chainId: event.chainId, hash: hash.toLowerCase() }));
  const distinct = new Map<string, TxKey>();
  for (const event of candidates) for (const key of keysOf(event)) distinct.set(txKey(key), key);
  const db = await getDb();
  const known = await recordedParties(db, [...distinct.values()]);
  const toAsk = [...distinct.entries()]
    .filter(([k]) => !known.has(k))
    .slice(0, options.lookUpAtMost ?? LOOKUPS_PER_READ)
    .map(([, key]) => key);
  const won = await claimParties(db, toAsk);
  const asking = toAsk.filter((key) => won.has(txKey(key)));
  for (let i = 0; i < asking.length; i += LOOKUPS_AT_ONCE)
    await Promise.all(
      asking.slice(i, i + LOOKUPS_AT_ONCE).map(async (key) => {
        let answer: Awaited<ReturnType<typeof lookUpParties>> = null;
        try {
          answer = await lookUpParties(key.chainId, key.hash);
        } catch (error) {
          logger.warn({ err: error, chainId: key.chainId }, "transaction parties could not be read from the chain");
        }
        await recordParties(db, key, answer);
        if (answer) known.set(txKey(key), answer.parties);
      }),
    );
  for (const event of candidates) {
    const parties = keysOf(event).map((key) => known.get(txKey(key)));
    if (parties.some((p) => p && involvesAny(p, clients.addresses))) test.add(event.id);
    else if (parties.some((p) => !p)) unclassified.add(event.id);
  }
  return { test, unclassified };
}
