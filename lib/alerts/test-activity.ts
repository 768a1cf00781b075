/**
 * Test activity: alert events whose transaction involves an address of one of the console's test clients
 * (the sandbox faucet funding a test client's wallets, a developer's sends from the wallet lab). Marked on
 * every list, count and chart of the alerts area, and left out or kept alone by one switch, `test`, that
 * travels with the other filters. No zod here: the events page runs this in the browser.
 */
export const TEST_MODES = ["include", "exclude", "only"] as const;
export type TestMode = (typeof TEST_MODES)[number];
/** The events page and its exports: every event, test activity marked. */
export const DEFAULT_TEST_MODE: TestMode = "include";
/** The summary figures (webhooks list, overview, health, drop horizon, watchdog): test activity left out. */
export const SUMMARY_TEST_MODE: TestMode = "exclude";

/** Which events of a set are test activity, and which could not be classified yet (ids). */
export interface TestMarking {
  test: ReadonlySet<string>;
  unclassified: ReadonlySet<string>;
}

/** What a list or a count did with test activity, said beside it. */
export interface TestActivityNote {
  mode: TestMode;
  /** Events the switch left out (test activity under "exclude", everything else under "only"). */
  leftOut: number;
  /** Events whose transaction is not classified yet (the chain was not asked yet, or did not answer). */
  unclassified: number;
}

/** An EVM address in a log topic: 32 bytes whose first 12 are zero. */
export function topicAddress(topic: string): string | null {
  return /^0x0{24}[0-9a-fA-F]{40}$/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : null;
}

/** Whether a transaction's parties include one of these (lower-case) addresses. */
export function involvesAny(parties: readonly string[], addresses: ReadonlySet<string>): boolean {
  return parties.some((party) => addresses.has(party.toLowerCase()));
}

/**
 * The events a mode keeps, and how many it left out. Under "exclude" an unclassified event is kept (it is
 * not known to be test activity) and counted as unclassified; under "only" it is left out and counted so.
 */
export function applyTestMode<T extends { id: string }>(
  events: readonly T[],
  marking: TestMarking,
  mode: TestMode,
): { kept: T[]; note: TestActivityNote } {
  const unclassified = events.filter((e) => marking.unclassified.has(e.id)).length;
  if (mode === "include") return { kept: [...events], note: { mode, leftOut: 0, unclassified } };
  const kept = events.filter((e) => (mode === "only") === marking.test.has(e.id));
  return { kept, note: { mode, leftOut: events.length - kept.length, unclassified } };
}

/** "12 left out as test activity" / "12 left out (not test activity)", for a line beside a figure. */
export function describeTestNote(note: TestActivityNote): string {
  const parts: string[] = [];
  if (note.mode === "exclude") parts.push(`${note.leftOut.toLocaleString("en")} left out as test activity`);
  if (note.mode === "only")
    parts.push(`test activity only: ${note.leftOut.toLocaleString("en")} other events left out`);
  if (note.unclassified > 0)
    parts.push(`${note.unclassified.toLocaleString("en")} not yet classified (counted as not test activity)`);
  return parts.join("; ");
}
