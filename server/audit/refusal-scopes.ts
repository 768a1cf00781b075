import "server-only";
import type { Actor } from "./append";

/**
 * Whose refusals share a budget of records (./refusals.ts), and the counter key each is kept under.
 * The key alone must say whose they were: the sweep that records a minute nobody else closed
 * (./refusal-counts.ts) has nothing else to go on. A key never holds what a caller typed: a person
 * by their id, an action by its name in the code, an address as the console saw it.
 */
export type RefusalScope =
  /** Refusals of one action for one signed-in person (wrong role, bad input, over a budget). */
  | { kind: "person"; person: Actor & { id: string }; action: string }
  /** Calls from one address without a signed-in person. */
  | { kind: "address"; ip: string | null }
  /** Failed sign-ins from one address (server/auth/sign-in-records.ts). */
  | { kind: "sign-in"; ip: string | null };

export type RefusalKind = RefusalScope["kind"];

/**
 * Records a minute, one by one, per scope. A person's refused calls cost them a session, so they
 * get more than strangers; past these, refusals are counted and the count is recorded.
 */
export const REFUSALS_RECORDED_PER_MINUTE: Record<RefusalKind, number> = { person: 20, address: 10, "sign-in": 10 };

export const REFUSAL_WINDOW_SECONDS = 60;

const PREFIX = "audit-refusals:";
export const prefixOf = (kind: RefusalKind) => `${PREFIX}${kind}:`;

export function keyOf(scope: RefusalScope): string {
  if (scope.kind === "person") return `${prefixOf("person")}${scope.person.id}:${scope.action}`;
  return `${prefixOf(scope.kind)}${scope.ip ?? "unknown"}`;
}

/** The scope a key was made from; a person's e-mail and role are not in it (null until looked up). */
export function scopeOfKey(key: string): RefusalScope | undefined {
  if (key.startsWith(prefixOf("person"))) {
    const rest = key.slice(prefixOf("person").length);
    const colon = rest.indexOf(":");
    if (colon <= 0) return undefined;
    return {
      kind: "person",
      person: { id: rest.slice(0, colon), email: null, role: null },
      action: rest.slice(colon + 1),
    };
  }
  for (const kind of ["address", "sign-in"] as const)
    if (key.startsWith(prefixOf(kind))) {
      const ip = key.slice(prefixOf(kind).length);
      return { kind, ip: ip === "unknown" ? null : ip };
    }
  return undefined;
}

/** On the last refusal recorded one by one in a minute. */
export function lastRecordedNote(scope: RefusalScope): string {
  const what =
    scope.kind === "person"
      ? `Further refusals of ${scope.action} for this person`
      : scope.kind === "address"
        ? "Further calls without a session from this address"
        : "Further failed sign-ins from this address (locks still are recorded)";
  return `${what} this minute are counted, not recorded one by one; their number is recorded once the minute is over.`;
}
