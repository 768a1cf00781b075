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
 *
 * This object composes the parts, each in its own module: transfers into alerts (ingest.ts), new
 * alerts appended and journaled (raise.ts), confirmed alerts after the depth (confirmation-waits.ts),
 * one delivery attempt (attempt.ts) and its record (delivery-log.ts), automatic retries
 * (automatic-retries.ts), replay and re-delivery by block (replay.ts), what a delivery POSTs
 * (row-payload.ts), the journal applied at start (restore.ts) and the work in flight (in-flight.ts).
 */
import type { ListAlertEventsResponse, ReplayFailedEventsResponse } from "@/lib/contracts";
import type { CustodianProfile } from "../admin/profile";
import type { ClientStore } from "../state/client-store";
import type { ChainRegistry, ChainTransfer } from "../types";
import { attemptDelivery, type AttemptContext } from "./attempt";
import { AutomaticRetries } from "./automatic-retries";
import { ConfirmationWaits } from "./confirmation-waits";
import { DeliveryLog, type DeliveryAttempt } from "./delivery-log";
import { eventViews, queryEvents, type EventFilter } from "./event-query";
import type { EventStore } from "./event-store";
import { InFlight } from "./in-flight";
import { ingestTransfer, type IngestContext } from "./ingest";
import type { EventJournal, JournalContents } from "./journal";
import type { WebhookPayload } from "./payload";
import { append, raise, type RaiseContext } from "./raise";
import { redeliverEventsOfBlock, replayFailed } from "./replay";
import { restoreJournal } from "./restore";
import { rowPayload } from "./row-payload";
import { webhookView, type Webhook } from "./webhooks";

export type { DeliveryAttempt } from "./delivery-log";

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

export class AlertService {
  private readonly byId: Map<string, Webhook>;
  private readonly inFlight = new InFlight();
  private readonly log: DeliveryLog;
  private readonly retries: AutomaticRetries;
  private readonly confirmations: ConfirmationWaits;
  private readonly raising: RaiseContext;
  private readonly ingesting: IngestContext;
  private readonly attempting: AttemptContext;

  constructor(private readonly opts: AlertServiceOptions) {
    const { events, webhooks, journal, chains } = opts;
    const now = opts.now ?? Date.now;
    this.byId = new Map(webhooks.map((w) => [w.id, w]));
    this.log = new DeliveryLog({ events, journal, now });
    this.retries = new AutomaticRetries({
      events,
      retryScale: opts.retryScale,
      maxInFlight: opts.maxRetriesInFlight ?? 16,
      now,
      run: (row) => this.attempt(row, true),
    });
    this.raising = { events, journal, webhooks, now, deliver: (i) => void this.attempt(i, false) };
    this.confirmations = new ConfirmationWaits({
      events,
      webhooks,
      chains,
      confirmationMs: opts.confirmationMs,
      now,
      track: (work) => void this.inFlight.track(work),
      append: (webhook, alert) => void append(this.raising, webhook, alert),
    });
    this.ingesting = {
      clients: opts.clients,
      profile: opts.profile,
      chains,
      reorgRate: opts.reorgRate,
      random: opts.random ?? Math.random,
      now,
      raise: (alert) => raise(this.raising, alert),
      confirmations: this.confirmations,
    };
    this.attempting = {
      events,
      webhooks,
      deliveryTimeoutMs: opts.deliveryTimeoutMs,
      retries: this.retries,
      log: this.log,
      payloadOf: (i) => this.payloadOf(i),
    };
  }

  /** Events with an automatic retry to come. */
  get scheduledRetries(): number {
    return this.retries.size;
  }

  /** Transfers whose confirmed alerts are still to come. */
  get awaitedConfirmations(): number {
    return this.confirmations.size;
  }

  /** Every recorded attempt of an event, oldest first (seeded history's earlier attempts are not recorded). */
  attemptsOf(id: string): DeliveryAttempt[] {
    return this.log.attemptsOf(id);
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
    void this.inFlight.track(this.recordTransfer(transfer));
  };

  /** A transfer's unconfirmed alert on every webhook, its confirmed one armed (ingest.ts). */
  recordTransfer(t: ChainTransfer): Promise<string[]> {
    return ingestTransfer(this.ingesting, t);
  }

  replay(webhook: Webhook, eventIds: readonly string[]): ReplayFailedEventsResponse {
    return replayFailed(this.opts.events, webhook, eventIds, (i) => void this.attempt(i, true));
  }

  /** Re-delivers every event (any webhook) of one block, except those with a delivery in flight. */
  redeliverBlock(chainId: string, blockNumber: number): number {
    return redeliverEventsOfBlock(this.opts.events, chainId, blockNumber, (i) => void this.attempt(i, true));
  }

  /** What a delivery of row i POSTs. */
  payloadOf(i: number): WebhookPayload {
    return rowPayload(this.opts, i);
  }

  /** Resolves when every delivery started so far has an outcome, or after `graceMs` (shutdown). */
  whenIdle(graceMs = Infinity): Promise<void> {
    return this.inFlight.whenIdle(graceMs);
  }

  /**
   * Stops arming timers and drops those armed (the close of the sandbox; deliveries under way go on,
   * see whenIdle). Awaited confirmations and retries are re-armed from the journal at the next start.
   */
  stop(): void {
    this.retries.stop();
    this.confirmations.stop();
  }

  /** Applies what the journal kept from earlier runs and arms what is to come (call once, before serving). */
  restore(contents: JournalContents): void {
    restoreJournal({ events: this.opts.events, webhook: (id) => this.byId.get(id), log: this.log }, contents);
    this.retries.rearm();
    this.confirmations.rearm();
  }

  /** Starts one delivery attempt of row i (attempt.ts), tracked for whenIdle(). */
  private attempt(i: number, isRetry: boolean): Promise<void> {
    return this.inFlight.track(attemptDelivery(this.attempting, i, isRetry));
  }
}
