/**
 * Delivering events again on request: a replay of a webhook's failed events (one already replayed
 * successfully is no longer failed, so it cannot be replayed again), and re-delivery of every event of
 * one block. Each is a new attempt on the same event.
 */
import type { ReplayFailedEventsResponse } from "@/lib/contracts";
import { STATUS, type EventStore } from "./event-store";
import type { Webhook } from "./webhooks";

/** Starts a retry of row i. */
type Retry = (i: number) => void;

export function replayFailed(
  events: EventStore,
  webhook: Webhook,
  eventIds: readonly string[],
  retry: Retry,
): ReplayFailedEventsResponse {
  const replaying: string[] = [];
  const failed: string[] = [];
  for (const id of eventIds) {
    const i = events.indexOf(id);
    if (i === undefined || events.webhook[i] !== webhook.index || events.status[i] !== STATUS.failed) {
      failed.push(id);
      continue;
    }
    replaying.push(id);
    retry(i);
  }
  return { data: { replaying, failed } };
}

/** Re-delivers every event (any webhook) of one block, except those with a delivery in flight. */
export function redeliverEventsOfBlock(events: EventStore, chainId: string, blockNumber: number, retry: Retry): number {
  const chain = events.chains.find(chainId);
  if (chain === undefined) return 0;
  let count = 0;
  for (let i = 0; i < events.length; i++) {
    if (events.chain[i] === chain && events.block[i] === blockNumber && events.status[i] !== STATUS.pending) {
      retry(i);
      count++;
    }
  }
  return count;
}
