/**
 * What the journal kept from earlier runs, applied at start: the live events appended again, their
 * latest delivery states and recorded attempts, and live deliveries the stop cut short marked failed.
 */
import type { DeliveryLog } from "./delivery-log";
import { STATUS, type EventStore } from "./event-store";
import type { JournalContents } from "./journal";
import type { Webhook } from "./webhooks";

const INTERRUPTED = "Delivery interrupted: the sandbox stopped before the webhook answered";

interface RestoreContext {
  events: EventStore;
  webhook(id: string): Webhook | undefined;
  log: Pick<DeliveryLog, "setState" | "restoreAttempts">;
}

export function restoreJournal(ctx: RestoreContext, contents: JournalContents): void {
  const { events, log } = ctx;
  for (const line of contents.live) {
    const webhook = ctx.webhook(line.webhookId);
    if (!webhook) continue;
    events.appendLive(
      {
        kind: line.kind ?? "confirmed",
        webhook: webhook.index,
        chainId: line.chainId,
        blockNumber: line.blockNumber,
        createdAt: line.createdAt,
        status: "pending",
        retries: 0,
        errorMessage: null,
        updatedAt: line.createdAt,
      },
      { id: line.id, transactionHashes: line.transactionHashes, payload: line.payload },
    );
  }
  for (const state of contents.states.values()) {
    const i = events.indexOf(state.id);
    if (i === undefined) continue;
    events.setDelivery(i, state.status, state.retries, state.errorMessage, state.updatedAt);
    const outcomes = contents.outcomes.get(state.id);
    if (outcomes) log.restoreAttempts(i, outcomes);
  }
  // A live delivery still pending when the sandbox stopped will never get its answer.
  for (let i = events.seededCount; i < events.length; i++) {
    if (events.status[i] === STATUS.pending) log.setState(i, "failed", events.retries[i] as number, INTERRUPTED);
  }
}
