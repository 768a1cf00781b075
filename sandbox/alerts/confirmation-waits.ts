/**
 * Confirmed alerts: a transfer's unconfirmed alerts wait for the chain's confirmation depth (one timer
 * per transaction), then each gets its confirmed partner on the same webhook, with the same chain,
 * block, hashes and transfers. At start, live unconfirmed alerts still without a partner wait again.
 */
import { confirmationDelayMs } from "@/lib/alerts/confirmation-depth";
import type { ChainRegistry } from "../types";
import { reachDepth } from "./confirmations";
import { KIND, type EventStore } from "./event-store";
import type { WebhookPayload } from "./payload";
import type { NewAlert } from "./raise";
import type { Webhook } from "./webhooks";

interface ConfirmationContext {
  events: EventStore;
  webhooks: readonly Webhook[];
  /** Used to mine the blocks still missing; without it the confirmed alerts come after the wait alone. */
  chains?: Pick<ChainRegistry, "request">;
  /** Wait before a confirmed alert (SANDBOX_CONFIRMATION_MS); undefined: the public chain's pace. */
  confirmationMs?: number;
  now: () => number;
  track(work: Promise<unknown>): void;
  /** Raises one alert on one webhook. */
  append(webhook: Webhook, alert: NewAlert): void;
}

/** A transfer's first alerts waiting for the chain's confirmation depth. */
interface AwaitedConfirmation {
  chainId: string;
  blockNumber: number;
  /** The unconfirmed alert's row on each webhook. */
  rows: number[];
  timer: NodeJS.Timeout;
}

export class ConfirmationWaits {
  private readonly awaited = new Map<string, AwaitedConfirmation>();
  private stopped = false;

  constructor(private readonly ctx: ConfirmationContext) {}

  /** Transfers whose confirmed alerts are still to come. */
  get size(): number {
    return this.awaited.size;
  }

  /** The unconfirmed alerts (rows) of transaction `hash`, seen at `seenAt`, wait for its depth. */
  wait(hash: string, chainId: string, blockNumber: number, rows: number[], seenAt: number): void {
    const key = hash.toLowerCase();
    if (this.stopped) return;
    // A transaction with several transfers raises an alert for each: all wait for the same depth.
    const already = this.awaited.get(key);
    if (already) {
      already.rows.push(...rows);
      return;
    }
    const wait = Math.max(0, seenAt + confirmationDelayMs(chainId, this.ctx.confirmationMs) - this.ctx.now());
    const timer = setTimeout(() => this.ctx.track(this.confirm(key)), wait);
    timer.unref();
    this.awaited.set(key, { chainId, blockNumber, rows, timer });
  }

  /** Live unconfirmed alerts whose confirmed partner has not been raised yet wait again. */
  rearm(): void {
    const { events } = this.ctx;
    const firsts = new Map<string, number[]>();
    const confirmed = new Set<string>();
    for (let i = events.seededCount; i < events.length; i++) {
      const [hash] = events.hashesOf(i);
      if (hash === undefined) continue;
      const key = hash.toLowerCase();
      if (events.kind[i] === KIND.confirmed) confirmed.add(key);
      else if (events.kind[i] === KIND.unconfirmed) firsts.set(key, [...(firsts.get(key) ?? []), i]);
    }
    for (const [key, rows] of firsts) {
      if (confirmed.has(key)) continue;
      const i = rows[0] as number;
      const chainId = events.chains.values[events.chain[i] as number] as string;
      this.wait(key, chainId, events.block[i] as number, rows, events.created[i] as number);
    }
  }

  /** Drops the timers (they are armed again from the journal at the next start). */
  stop(): void {
    this.stopped = true;
    for (const awaited of this.awaited.values()) clearTimeout(awaited.timer);
    this.awaited.clear();
  }

  /** The confirmed alerts of an awaited transfer: same webhook, chain, block, hashes and transfers. */
  private async confirm(key: string): Promise<void> {
    const awaited = this.awaited.get(key);
    if (!awaited || this.stopped) return;
    try {
      if (this.ctx.chains) await reachDepth(this.ctx.chains, awaited.chainId, awaited.blockNumber);
    } finally {
      this.awaited.delete(key);
    }
    if (this.stopped) return;
    const { events, webhooks } = this.ctx;
    const sentAt = new Date(this.ctx.now()).toISOString();
    for (const i of awaited.rows) {
      const first = events.liveRow(i);
      if (!first) continue;
      const payload: WebhookPayload = {
        ...first.payload,
        data: first.payload.data.map((item) => ({ ...item, metadata: { ...item.metadata, confirmed: true, sentAt } })),
      };
      const webhook = webhooks[events.webhook[i] as number] as Webhook;
      this.ctx.append(webhook, {
        kind: "confirmed",
        chainId: awaited.chainId,
        blockNumber: awaited.blockNumber,
        transactionHashes: first.transactionHashes,
        payload,
      });
    }
  }
}
