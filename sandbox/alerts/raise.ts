/**
 * New alerts: one event per webhook (or on one webhook) appended to the store, journaled as a live line,
 * and its first delivery started.
 */
import { randomUUID } from "node:crypto";
import type { AlertKind, EventStore } from "./event-store";
import type { EventJournal } from "./journal";
import type { WebhookPayload } from "./payload";
import type { Webhook } from "./webhooks";

export interface RaiseContext {
  events: EventStore;
  journal: EventJournal;
  webhooks: readonly Webhook[];
  now: () => number;
  /** Starts the first delivery of row i. */
  deliver(i: number): void;
}

export interface NewAlert {
  kind: AlertKind;
  chainId: string;
  blockNumber: number;
  transactionHashes: string[];
  payload: WebhookPayload;
}

/** Appends the alert on every webhook and starts delivering each. */
export function raise(ctx: RaiseContext, alert: NewAlert): { ids: string[]; rows: number[] } {
  const ids: string[] = [];
  const rows: number[] = [];
  for (const webhook of ctx.webhooks) {
    const { id, i } = append(ctx, webhook, alert);
    ids.push(id);
    rows.push(i);
  }
  return { ids, rows };
}

/** One new event: appended, journaled, and its first delivery started. */
export function append(ctx: RaiseContext, webhook: Webhook, alert: NewAlert): { id: string; i: number } {
  const { events, journal } = ctx;
  const { kind, chainId, blockNumber, transactionHashes, payload } = alert;
  const now = ctx.now();
  const id = randomUUID();
  const row = {
    kind,
    webhook: webhook.index,
    chainId,
    blockNumber,
    createdAt: now,
    status: "pending" as const,
    retries: 0,
    errorMessage: null,
    updatedAt: now,
  };
  const i = events.appendLive(row, { id, transactionHashes, payload });
  const createdAt = events.created[i] as number;
  journal.append({
    k: "live",
    id,
    kind,
    webhookId: webhook.id,
    chainId,
    blockNumber,
    transactionHashes,
    createdAt,
    payload,
  });
  ctx.deliver(i);
  return { id, i };
}
