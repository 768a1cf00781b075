/**
 * Alert webhooks at work: an EIP_155_TX_V1 event per webhook for every chain transfer that touches
 * a client wallet, delivered for real; listing, replay of failed events and re-delivery by block.
 *
 * Delivery state moves pending → success | failed. A replay (or a re-delivery by block) is a new
 * attempt on the same event: back to pending, retries + 1, then the new outcome. The real service may
 * log each attempt as its own row; updating in place keeps one id per event, which is what makes
 * "an event already replayed successfully cannot be replayed again" hold (it is no longer failed).
 */
import { randomUUID } from "node:crypto";
import { evmChainReference } from "@/lib/chains";
import type { DeliveryStatus, ListAlertEventsResponse, ReplayFailedEventsResponse } from "@/lib/contracts";
import type { CustodianProfile } from "../admin/profile";
import type { ClientStore } from "../state/client-store";
import type { ChainRegistry, ChainTransfer } from "../types";
import { deliver } from "./delivery";
import { eventViews, queryEvents, type EventFilter } from "./event-query";
import { STATUS, type EventStore } from "./event-store";
import type { EventJournal, JournalContents } from "./journal";
import { EVENT_TYPE, seededTransfers, transferItems, type WebhookPayload } from "./payload";
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
  now?: () => number;
}

const INTERRUPTED = "Delivery interrupted: the sandbox stopped before the webhook answered";

export class AlertService {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly byId: Map<string, Webhook>;
  private readonly now: () => number;

  constructor(private readonly opts: AlertServiceOptions) {
    this.byId = new Map(opts.webhooks.map((w) => [w.id, w]));
    this.now = opts.now ?? Date.now;
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

  async recordTransfer(t: ChainTransfer): Promise<string[]> {
    const { clients, events, webhooks, journal, profile } = this.opts;
    const directions: ("OUTBOUND" | "INBOUND")[] = [];
    if (clients.clientIdByEvmAddress(t.from)) directions.push("OUTBOUND");
    if (clients.clientIdByEvmAddress(t.to)) directions.push("INBOUND");
    if (directions.length === 0) return [];
    const now = this.now();
    const payload: WebhookPayload = {
      data: transferItems(t, {
        directions,
        fee: { rawAmount: await this.feeOf(t) },
        sentAt: new Date(now).toISOString(),
      }),
      metadata: { custodianId: profile.custodian.id, environmentId: profile.environment.id },
      type: EVENT_TYPE,
    };
    const ids: string[] = [];
    for (const webhook of webhooks) {
      const id = randomUUID();
      const row = {
        webhook: webhook.index,
        chainId: t.chainId,
        blockNumber: t.blockNumber,
        createdAt: now,
        status: "pending" as const,
        retries: 0,
        errorMessage: null,
        updatedAt: now,
      };
      const i = events.appendLive(row, { id, transactionHashes: [t.transactionHash], payload });
      journal.append({
        k: "live",
        id,
        webhookId: webhook.id,
        chainId: t.chainId,
        blockNumber: t.blockNumber,
        transactionHashes: [t.transactionHash],
        createdAt: events.created[i] as number,
        payload,
      });
      ids.push(id);
      this.track(this.attempt(i, false));
    }
    return ids;
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
    const { events, profile, seed, seededWallets } = this.opts;
    const live = events.liveRow(i);
    if (live) return live.payload;
    return {
      data: seededTransfers({
        seed,
        index: i,
        chainId: events.chains.values[events.chain[i] as number] as string,
        blockNumber: events.block[i] as number,
        hashes: events.hashesOf(i),
        createdAt: events.created[i] as number,
        clientAddresses: seededWallets,
      }),
      metadata: { custodianId: profile.custodian.id, environmentId: profile.environment.id },
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

  /** Applies what the journal kept from earlier runs (call once, before serving). */
  restore(contents: JournalContents): void {
    const { events } = this.opts;
    for (const line of contents.live) {
      const webhook = this.byId.get(line.webhookId);
      if (!webhook) continue;
      events.appendLive(
        {
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
    }
    // A live delivery still pending when the sandbox stopped will never get its answer.
    for (let i = events.seededCount; i < events.length; i++) {
      if (events.status[i] === STATUS.pending) this.setState(i, "failed", events.retries[i] as number, INTERRUPTED);
    }
  }

  private async attempt(i: number, isRetry: boolean): Promise<void> {
    const { events, webhooks, deliveryTimeoutMs } = this.opts;
    const webhook = webhooks[events.webhook[i] as number] as Webhook;
    const retries = (events.retries[i] as number) + (isRetry ? 1 : 0);
    if (isRetry) this.setState(i, "pending", retries, events.errorMessage(i));
    const outcome = await deliver(webhook.url, webhook.secret, this.payloadOf(i), deliveryTimeoutMs);
    this.setState(i, outcome.ok ? "success" : "failed", retries, outcome.ok ? null : outcome.error);
  }

  private setState(i: number, status: DeliveryStatus, retries: number, errorMessage: string | null): void {
    const updatedAt = Math.max(this.now(), this.opts.events.created[i] as number);
    this.opts.events.setDelivery(i, status, retries, errorMessage, updatedAt);
    this.opts.journal.append({ k: "state", id: this.opts.events.idOf(i), status, retries, errorMessage, updatedAt });
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

  private track(work: Promise<unknown>): void {
    const guarded = work.catch((err: unknown) => console.error("sandbox: alert delivery failed unexpectedly:", err));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }
}
