import "server-only";
import { utc } from "@/lib/shared/format";
import type { Db } from "@/server/db";
import { takeFromWindow } from "@/server/db/window-counter";
import { rateLimitedUntil } from "@/server/errors";

/**
 * Every replayed event is a real delivery to the custodian's receiver. A person replaying selected
 * events has a budget of them per window, counted in PostgreSQL so every instance draws on the same
 * one; a selection that does not fit is refused before anything is sent, and what is left stays
 * usable by a smaller one. Larger sets go through "Replay all failed" (its own per-person limit).
 */
export const REPLAY_EVENTS_PER_PERSON = 2000;
export const REPLAY_BUDGET_MINUTES = 10;

/** Takes `events` from the person's budget, or throws RATE_LIMITED saying what is left and until when. */
export async function takeReplayBudget(db: Db, userId: string, events: number, now = new Date()): Promise<void> {
  const take = await takeFromWindow(
    db,
    `replay-events:${userId}`,
    events,
    REPLAY_EVENTS_PER_PERSON,
    REPLAY_BUDGET_MINUTES * 60,
    now,
  );
  if (take.taken) return;
  const renews = new Date(take.windowStartedAt.getTime() + REPLAY_BUDGET_MINUTES * 60_000);
  const left = Math.max(0, REPLAY_EVENTS_PER_PERSON - take.used);
  const n = (x: number) => x.toLocaleString("en");
  const budget = `one person may replay ${n(REPLAY_EVENTS_PER_PERSON)} events in ${REPLAY_BUDGET_MINUTES} minutes`;
  const message =
    left > 0
      ? `Nothing was replayed: this selection has ${n(events)} events, and you have ${n(left)} left (${budget}). Select at most ${n(left)}, or try again after ${utc(renews.toISOString())}.`
      : `Nothing was replayed: you have replayed all you may for now (${budget}). Try again after ${utc(renews.toISOString())}.`;
  throw rateLimitedUntil(message, renews, now);
}
