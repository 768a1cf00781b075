/**
 * One delivery attempt of an event, first or retry: a retry goes back to pending with retries + 1, then
 * the outcome is recorded (success | failed) and, after a failure, the next automatic retry is armed.
 * Whatever started the attempt, it replaces the retry armed before: one timer per event.
 */
import type { AutomaticRetries } from "./automatic-retries";
import { deliver } from "./delivery";
import type { DeliveryLog } from "./delivery-log";
import type { EventStore } from "./event-store";
import type { WebhookPayload } from "./payload";
import type { Webhook } from "./webhooks";

export interface AttemptContext {
  events: EventStore;
  webhooks: readonly Webhook[];
  deliveryTimeoutMs: number;
  retries: Pick<AutomaticRetries, "cancel" | "schedule">;
  log: Pick<DeliveryLog, "setState">;
  /** What a delivery of row i POSTs. */
  payloadOf(i: number): WebhookPayload;
}

export async function attemptDelivery(ctx: AttemptContext, i: number, isRetry: boolean): Promise<void> {
  const { events, webhooks, deliveryTimeoutMs, retries, log } = ctx;
  retries.cancel(i);
  const webhook = webhooks[events.webhook[i] as number] as Webhook;
  const count = (events.retries[i] as number) + (isRetry ? 1 : 0);
  if (isRetry) log.setState(i, "pending", count, events.errorMessage(i));
  const outcome = await deliver(webhook.url, webhook.secret, ctx.payloadOf(i), deliveryTimeoutMs);
  log.setState(i, outcome.ok ? "success" : "failed", count, outcome.ok ? null : outcome.error);
  if (!outcome.ok) retries.schedule(i);
}
