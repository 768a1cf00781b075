/**
 * An event's delivery state as recorded: the store's columns, a journal line for every change, and the
 * list of its finished attempts (success or failed) that attemptsOf() answers with.
 */
import type { DeliveryStatus } from "@/lib/contracts";
import type { EventStore } from "./event-store";
import type { EventJournal, StateLine } from "./journal";

/** One delivery attempt's outcome, as recorded. */
export interface DeliveryAttempt {
  at: number;
  status: "success" | "failed";
  retries: number;
  errorMessage: string | null;
}

interface DeliveryLogContext {
  events: EventStore;
  journal: EventJournal;
  now: () => number;
}

export class DeliveryLog {
  private readonly attempts = new Map<number, DeliveryAttempt[]>();

  constructor(private readonly ctx: DeliveryLogContext) {}

  /** Every recorded attempt of an event, oldest first (seeded history's earlier attempts are not recorded). */
  attemptsOf(id: string): DeliveryAttempt[] {
    const i = this.ctx.events.indexOf(id);
    return i === undefined ? [] : [...(this.attempts.get(i) ?? [])];
  }

  setState(i: number, status: DeliveryStatus, retries: number, errorMessage: string | null): void {
    const { events, journal } = this.ctx;
    const updatedAt = Math.max(this.ctx.now(), events.created[i] as number);
    events.setDelivery(i, status, retries, errorMessage, updatedAt);
    journal.append({ k: "state", id: events.idOf(i), status, retries, errorMessage, updatedAt });
    if (status !== "pending") {
      const list = this.attempts.get(i) ?? [];
      list.push({ at: updatedAt, status, retries, errorMessage });
      this.attempts.set(i, list);
    }
  }

  /** Row i's attempts as the journal kept them from earlier runs. */
  restoreAttempts(i: number, outcomes: readonly StateLine[]): void {
    this.attempts.set(
      i,
      outcomes.map((o) => ({
        at: o.updatedAt,
        status: o.status as DeliveryAttempt["status"],
        retries: o.retries,
        errorMessage: o.errorMessage,
      })),
    );
  }
}
