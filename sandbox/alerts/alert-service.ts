/**
 * Alert webhooks at work: for every chain transfer that touches a client wallet, an EIP_155_TX_V1
 * event per webhook when it is first seen (unconfirmed) and another after the chain's confirmation
 * depth (confirmed), delivered for real; automatic retries on the real schedule; listing, replay of
 * failed events and re-delivery by block.
 *
 * Delivery state moves pending → success | failed. A retry (automatic, a replay or a re-delivery by
 * block) is a new attempt on the same event: back to pending, retries + 1, then the new outcome. The
 * real service may log each attempt as its own row; updating in place keeps one id per event, which
 * is what makes "an event already replayed successfully cannot be replayed again" hold (it is no
 * longer failed). After every failed attempt the next step of the schedule is armed, counted by
 * retries: one timer per event whatever started the attempt; after the seventh retry, none (dropped).
 */
import { createHash, randomUUID } from "node:crypto";
import { confirmationDelayMs } from "@/lib/alerts/confirmation-depth";
import { MAX_AUTOMATIC_RETRIES, retryPlace } from "@/lib/alerts/delivery-schedule";
import { evmChainReference } from "@/lib/chains";
import type { DeliveryStatus, ListAlertEventsResponse, ReplayFailedEventsResponse } from "@/lib/contracts";
import type { CustodianProfile } from "../admin/profile";
import type { ClientStore } from "../state/client-store";
import type { ChainRegistry, ChainTransfer } from "../types";
import { reachDepth } from "./confirmations";
import { deliver } from "./delivery";
import { eventViews, queryEvents, type EventFilter } from "./event-query";
import { KIND, STATUS, type AlertKind, type EventStore } from "./event-store";
import type { EventJournal, JournalContents } from "./journal";
import { EVENT_TYPE, seededTransfers, transferItems, type WebhookPayload } from "./payload";
import { RetryTimers } from "./retry-timers";
import { webhookView, type Webhook } from "./webhooks";

export interface AlertServiceOptions {
  events: EventStore;
  webhooks: Webhook[];
  journal: EventJournal;
  clients: ClientStore;
  profile: CustodianProfile;
  /** Used to read a transfer's fee from its receipt; without it fees read as 0. */
  chains?: Pick<ChainRegistry, "request">;
  seed: string;
  /** Lower-case EVM addresses of seeded clients: the wallets seeded events' payloads are about. */
  seededWallets: readonly string[];
  /** The real service waits at most 10 s for a 2xx; tests shorten it. */
  deliveryTimeoutMs: number;
  /** The retry schedule's compression (SANDBOX_RETRY_SCALE): 1 is the real one; 0 turns automatic retries off. */
  retryScale?: number;
  /** Wait before a confirmed alert (SANDBOX_CONFIRMATION_MS); undefined: the public chain's pace. */
  confirmationMs?: number;
  /** Share of new transfers that also leave an orphaned unconfirmed alert (SANDBOX_REORG_RATE). */
  reorgRate?: number;
  /** Automatic retries delivering at once. */
  maxRetriesInFlight?: number;
  random?: () => number;
  now?: () => number;
}

/** One delivery attempt's outcome, as recorded. */
export interface DeliveryAttempt {
  at: number;
  status: "success" | "failed";
  retries: number;
  errorMessage: string | null;
}

/** A transfer's first alerts waiting for the chain's confirmation depth. */
interface AwaitedConfirmation {
  chainId: string;
  blockNumber: number;
  /** The unconfirmed alert's row on each webhook. */
  rows: number[];
  timer: NodeJS.Timeout;
}

const INTERRUPTED = "Delivery interrupted: the sandbox stopped before the webhook answered";

export class AlertService {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly byId: Map<string, Webhook>;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly retryTimers: RetryTimers;
  private readonly awaited = new Map<string, AwaitedConfirmation>();
  private readonly attempts = new Map<number, DeliveryAttempt[]>();
  private closed = false;

  constructor(private readonly opts: AlertServiceOptions) {
    this.byId = new Map(opts.webhooks.map((w) => [w.id, w]));
    this.now = opts.now ?? Date.now;
    this.random = opts.random ?? Math.random;
    this.retryTimers = new RetryTimers({
      maxInFlight: opts.maxRetriesInFlight ?? 16,
      now: this.now,
      run: (row) => this.track(this.attempt(row, true)),
    });
  }

  /** Events with an automatic retry to come. */
  get scheduledRetries(): number {
    return this.retryTimers.size;
  }

  /** Transfers whose confirmed alerts are still to come. */
  get awaitedConfirmations(): number {
    return this.awaited.size;
  }

  /** Every recorded attempt of an event, oldest first (seeded history's earlier attempts are not recorded). */
  attemptsOf(id: string): DeliveryAttempt[] {
    const i = this.opts.events.indexOf(id);
    return i === undefined ? [] : [...(this.attempts.get(i) ?? [])];
  }

  /** The underlying columns (tests compare the API with them; the seeding benchmark reads them). */
  get store(): EventStore {
    return this.opts.events;
  }

  get webhooks(): readonly Webhook[] {
    return this.opts.webhooks;
  }

  webhook(id: string): Webhook | undefined {
    return this.byId.get(id);
  }

  listWebhooks() {
    return { data: this.opts.webhooks.map(webhookView) };
  }

  listEvents(webhook: Webhook, filter: EventFilter): ListAlertEventsResponse {
    const page = queryEvents(this.opts.events, webhook.index, filter);
    return {
      data: eventViews(this.opts.events, page.rows),
      metadata: {
        alertWebhook: { id: webhook.id, url: webhook.url },
        cursor: page.cursor,
        limit: filter.limit,
        total: page.total,
      },
    };
  }

  /** The registry's transfer listener: never throws, tracks its work for whenIdle(). */
  readonly onTransfer = (transfer: ChainTransfer): void => {
    this.track(this.recordTransfer(transfer));
  };

  /**
   * Raises a transfer's unconfirmed alert on every webhook and arms its confirmed one. With the
   * reorganisation knob, some transfers also leave an alert for a transaction the chain dropped (a
   * hash it never mined, as when a reorganised-out transaction is replaced), never confirmed.
   */
  async recordTransfer(t: ChainTransfer): Promise<string[]> {
    const { clients } = this.opts;
    const directions: ("OUTBOUND" | "INBOUND")[] = [];
    if (clients.clientIdByEvmAddress(t.from)) directions.push("OUTBOUND");
    if (clients.clientIdByEvmAddress(t.to)) directions.push("INBOUND");
    if (directions.length === 0) return [];
    const fee = { rawAmount: await this.feeOf(t) };
    const context = { directions, fee, sentAt: new Date(this.now()).toISOString(), confirmed: false };
    const first = this.raise(t.chainId, t.blockNumber, [t.transactionHash], "unconfirmed", {
      data: transferItems(t, context),
      metadata: this.payloadMetadata(),
      type: EVENT_TYPE,
    });
    if ((this.opts.reorgRate ?? 0) > 0 && this.random() < (this.opts.reorgRate as number)) {
      const dropped = droppedTwinOf(t.transactionHash);
      this.raise(t.chainId, t.blockNumber, [dropped], "orphan", {
        data: transferItems({ ...t, transactionHash: dropped }, context),
        metadata: this.payloadMetadata(),
        type: EVENT_TYPE,
      });
    }
    this.awaitConfirmation(t.transactionHash, t.chainId, t.blockNumber, first.rows, this.now());
    return first.ids;
  }

  private payloadMetadata() {
    const { profile } = this.opts;
    return { custodianId: profile.custodian.id, environmentId: profile.environment.id };
  }

  /** Appends one alert per webhook and starts delivering each. */
  private raise(
    chainId: string,
    blockNumber: number,
    transactionHashes: string[],
    kind: AlertKind,
    payload: WebhookPayload,
  ): { ids: string[]; rows: number[] } {
    const ids: string[] = [];
    const rows: number[] = [];
    for (const webhook of this.opts.webhooks) {
      const { id, i } = this.append(webhook, kind, chainId, blockNumber, transactionHashes, payload);
      ids.push(id);
      rows.push(i);
    }
    return { ids, rows };
  }

  /** One new event: appended, journaled, and its first delivery started. */
  private append(
    webhook: Webhook,
    kind: AlertKind,
    chainId: string,
    blockNumber: number,
    transactionHashes: string[],
    payload: WebhookPayload,
  ): { id: string; i: number } {
    const { events, journal } = this.opts;
    const now = this.now();
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
    this.track(this.attempt(i, false));
    return { id, i };
  }

  private awaitConfirmation(hash: string, chainId: string, blockNumber: number, rows: number[], seenAt: number): void {
    const key = hash.toLowerCase();
    if (this.closed) return;
    // A transaction with several transfers raises an alert for each: all wait for the same depth.
    const already = this.awaited.get(key);
    if (already) {
      already.rows.push(...rows);
      return;
    }
    const wait = Math.max(0, seenAt + confirmationDelayMs(chainId, this.opts.confirmationMs) - this.now());
    const timer = setTimeout(() => this.track(this.confirm(key)), wait);
    timer.unref();
    this.awaited.set(key, { chainId, blockNumber, rows, timer });
  }

  /** The confirmed alerts of an awaited transfer: same webhook, chain, block, hashes and transfers. */
  private async confirm(key: string): Promise<void> {
    const awaited = this.awaited.get(key);
    if (!awaited || this.closed) return;
    try {
      if (this.opts.chains) await reachDepth(this.opts.chains, awaited.chainId, awaited.blockNumber);
    } finally {
      this.awaited.delete(key);
    }
    if (this.closed) return;
    const { events } = this.opts;
    const sentAt = new Date(this.now()).toISOString();
    for (const i of awaited.rows) {
      const first = events.liveRow(i);
      if (!first) continue;
      const payload: WebhookPayload = {
        ...first.payload,
        data: first.payload.data.map((item) => ({ ...item, metadata: { ...item.metadata, confirmed: true, sentAt } })),
      };
      const webhook = this.opts.webhooks[events.webhook[i] as number] as Webhook;
      this.append(webhook, "confirmed", awaited.chainId, awaited.blockNumber, first.transactionHashes, payload);
    }
  }

  replay(webhook: Webhook, eventIds: readonly string[]): ReplayFailedEventsResponse {
    const replaying: string[] = [];
    const failed: string[] = [];
    for (const id of eventIds) {
      const i = this.opts.events.indexOf(id);
      if (
        i === undefined ||
        this.opts.events.webhook[i] !== webhook.index ||
        this.opts.events.status[i] !== STATUS.failed
      ) {
        failed.push(id);
        continue;
      }
      replaying.push(id);
      this.track(this.attempt(i, true));
    }
    return { data: { replaying, failed } };
  }

  /** Re-delivers every event (any webhook) of one block, except those with a delivery in flight. */
  redeliverBlock(chainId: string, blockNumber: number): number {
    const { events } = this.opts;
    const chain = events.chains.find(chainId);
    if (chain === undefined) return 0;
    let count = 0;
    for (let i = 0; i < events.length; i++) {
      if (events.chain[i] === chain && events.block[i] === blockNumber && events.status[i] !== STATUS.pending) {
        this.track(this.attempt(i, true));
        count++;
      }
    }
    return count;
  }

  /** What a delivery of row i POSTs. */
  payloadOf(i: number): WebhookPayload {
    const { events, seed, seededWallets } = this.opts;
    const live = events.liveRow(i);
    if (live) return live.payload;
    return {
      data: seededTransfers({
        seed,
        index: events.transferRow[i] as number,
        confirmed: events.kind[i] === KIND.confirmed,
        chainId: events.chains.values[events.chain[i] as number] as string,
        blockNumber: events.block[i] as number,
        hashes: events.hashesOf(i),
        createdAt: events.created[i] as number,
        clientAddresses: seededWallets,
      }),
      metadata: this.payloadMetadata(),
      type: EVENT_TYPE,
    };
  }

  /** Resolves when every delivery started so far has an outcome, or after `graceMs` (shutdown). */
  async whenIdle(graceMs = Infinity): Promise<void> {
    const deadline = Date.now() + graceMs;
    while (this.inFlight.size && Date.now() < deadline) {
      const all = Promise.allSettled([...this.inFlight]);
      if (graceMs === Infinity) await all;
      else await Promise.race([all, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())).unref())]);
    }
  }

  /**
   * Stops arming timers and drops those armed (the close of the sandbox; deliveries under way go on,
   * see whenIdle). Awaited confirmations and retries are re-armed from the journal at the next start.
   */
  stop(): void {
    this.closed = true;
    this.retryTimers.stop();
    for (const awaited of this.awaited.values()) clearTimeout(awaited.timer);
    this.awaited.clear();
  }

  /** Applies what the journal kept from earlier runs and arms what is to come (call once, before serving). */
  restore(contents: JournalContents): void {
    const { events } = this.opts;
    for (const line of contents.live) {
      const webhook = this.byId.get(line.webhookId);
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
      if (outcomes)
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
    // A live delivery still pending when the sandbox stopped will never get its answer.
    for (let i = events.seededCount; i < events.length; i++) {
      if (events.status[i] === STATUS.pending) this.setState(i, "failed", events.retries[i] as number, INTERRUPTED);
    }
    this.armRetries();
    this.armConfirmations();
  }

  /**
   * Arms the next retry of every event whose schedule is not spent: failed ones, and seeded ones
   * still pending (their attempt is in flight at the anchor; it is taken as failed then).
   */
  private armRetries(): void {
    const { events } = this.opts;
    if (!this.opts.retryScale) return;
    for (let i = 0; i < events.length; i++) {
      const status = events.status[i] as number;
      if (status === STATUS.success || (events.retries[i] as number) >= MAX_AUTOMATIC_RETRIES) continue;
      if (status === STATUS.pending && i >= events.seededCount) continue;
      this.scheduleRetry(i);
    }
  }

  /** Live unconfirmed alerts whose confirmed partner has not been raised yet wait again. */
  private armConfirmations(): void {
    const { events } = this.opts;
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
      this.awaitConfirmation(key, chainId, events.block[i] as number, rows, events.created[i] as number);
    }
  }

  private scheduleRetry(i: number): void {
    const scale = this.opts.retryScale ?? 1;
    if (!scale || this.closed) return;
    const { events } = this.opts;
    const place = retryPlace(events.updated[i] as number, events.retries[i] as number, scale);
    if (place.nextRetryAt !== null) this.retryTimers.schedule(i, place.nextRetryAt);
  }

  private async attempt(i: number, isRetry: boolean): Promise<void> {
    const { events, webhooks, deliveryTimeoutMs } = this.opts;
    // Whatever started this attempt, it replaces the armed one: one timer per event.
    this.retryTimers.cancel(i);
    const webhook = webhooks[events.webhook[i] as number] as Webhook;
    const retries = (events.retries[i] as number) + (isRetry ? 1 : 0);
    if (isRetry) this.setState(i, "pending", retries, events.errorMessage(i));
    const outcome = await deliver(webhook.url, webhook.secret, this.payloadOf(i), deliveryTimeoutMs);
    this.setState(i, outcome.ok ? "success" : "failed", retries, outcome.ok ? null : outcome.error);
    if (!outcome.ok) this.scheduleRetry(i);
  }

  private setState(i: number, status: DeliveryStatus, retries: number, errorMessage: string | null): void {
    const updatedAt = Math.max(this.now(), this.opts.events.created[i] as number);
    this.opts.events.setDelivery(i, status, retries, errorMessage, updatedAt);
    this.opts.journal.append({ k: "state", id: this.opts.events.idOf(i), status, retries, errorMessage, updatedAt });
    if (status !== "pending") {
      const list = this.attempts.get(i) ?? [];
      list.push({ at: updatedAt, status, retries, errorMessage });
      this.attempts.set(i, list);
    }
  }

  private async feeOf(t: ChainTransfer): Promise<bigint> {
    const reference = evmChainReference(t.chainId);
    if (!this.opts.chains || reference === undefined) return 0n;
    try {
      const receipt = (await this.opts.chains.request(reference, "eth_getTransactionReceipt", [t.transactionHash])) as {
        gasUsed?: string;
        effectiveGasPrice?: string;
      } | null;
      return receipt?.gasUsed && receipt.effectiveGasPrice
        ? BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
        : 0n;
    } catch {
      return 0n;
    }
  }

  private track(work: Promise<unknown>): Promise<void> {
    const guarded = work
      .then(() => undefined)
      .catch((err: unknown) => console.error("sandbox: alert delivery failed unexpectedly:", err));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
    return guarded;
  }
}

/** The hash of the transaction a reorganisation dropped, standing beside the one the chain kept. */
function droppedTwinOf(hash: string): `0x${string}` {
  return `0x${createHash("sha256").update(`reorganised-out:${hash.toLowerCase()}`).digest("hex")}`;
}
