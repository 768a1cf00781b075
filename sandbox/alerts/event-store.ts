/**
 * Alert webhook events in columns (typed arrays and interned strings), so a million of them fit in
 * ~30 MB and a filtered page is a tight loop over numbers. Row i is the i-th event ever recorded:
 * seeded history first (ids and hashes derived from i by SeededIds), then live events (ids and
 * hashes kept beside the columns). createdAt never decreases along i, so "newest first" is
 * "highest index first", and new rows never move old ones: cursors stay valid under inserts.
 */
import type { DeliveryStatus } from "@/lib/contracts";
import type { WebhookPayload } from "./payload";
import { SeededIds } from "./seeded-ids";

export const STATUS_CODES: readonly DeliveryStatus[] = ["pending", "success", "failed"];
export const STATUS = { pending: 0, success: 1, failed: 2 } as const satisfies Record<DeliveryStatus, number>;

/**
 * Which of a transfer's alerts a row is: the one sent after the confirmation depth, the one sent when
 * the transfer was first seen (its confirmed partner follows), or a first alert whose partner never
 * comes because a reorganisation dropped the transaction.
 */
export const KIND = { confirmed: 0, unconfirmed: 1, orphan: 2 } as const;
export type AlertKind = keyof typeof KIND;
export const KIND_NAMES: readonly AlertKind[] = ["confirmed", "unconfirmed", "orphan"];

/** The longest a seeded confirmed alert follows its unconfirmed one (Optimism: 500 blocks of 2 s). */
export const MAX_SEEDED_CONFIRMATION_MS = 1_000_000;

export class Interner {
  readonly values: string[] = [];
  private readonly index = new Map<string, number>();
  id(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.values.length;
      this.values.push(value);
      this.index.set(value, i);
    }
    return i;
  }
  find(value: string): number | undefined {
    return this.index.get(value);
  }
}

/** A Uint32Array that grows by doubling. */
export class U32List {
  data = new Uint32Array(16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  view(): Uint32Array {
    return this.data.subarray(0, this.length);
  }
}

interface LiveRow {
  id: string;
  transactionHashes: string[];
  payload: WebhookPayload;
}

export interface NewEvent {
  kind: AlertKind;
  webhook: number;
  chainId: string;
  blockNumber: number;
  createdAt: number;
  status: DeliveryStatus;
  retries: number;
  errorMessage: string | null;
  updatedAt: number;
}

export class EventStore {
  length = 0;
  /** Rows below this index are seeded (id, hashes and payload derived from the index). */
  seededCount = 0;
  webhook = new Uint8Array(0);
  chain = new Uint8Array(0);
  block = new Uint32Array(0);
  created = new Float64Array(0);
  updated = new Float64Array(0);
  status = new Uint8Array(0);
  retries = new Uint8Array(0);
  /** 0 = no error, else 1 + the interned message. */
  error = new Uint16Array(0);
  /** Seeded rows: 1 when the event carries a second transaction hash. */
  twoHashes = new Uint8Array(0);
  /**
   * Seeded transfer rows: 1 when a reorganisation removed the transaction after its confirmed alert was
   * sent (both alerts came; the gateway's archive no longer has it: sandbox/alerts/archive.ts).
   */
  reorganised = new Uint8Array(0);
  /** KIND of each row. */
  kind = new Uint8Array(0);
  /** Seeded rows: the row of the transfer's first alert, whose index gives the transaction hashes. */
  transferRow = new Uint32Array(0);

  readonly chains = new Interner();
  readonly errors = new Interner();
  readonly byWebhook: U32List[] = [];
  readonly ids: SeededIds;
  private readonly live = new Map<number, LiveRow>();
  private readonly liveIds = new Map<string, number>();
  private readonly liveHashes = new Map<string, number[]>();

  constructor(seed: string, webhookCount: number) {
    this.ids = new SeededIds(seed);
    for (let w = 0; w < webhookCount; w++) this.byWebhook.push(new U32List());
  }

  /** Makes room for `extra` more rows (seeding reserves once, then writes columns directly). */
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.created.length) return;
    const size = Math.max(need, Math.ceil(this.created.length * 1.5), 1024);
    const grow = <T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(size);
      next.set(old);
      return next;
    };
    this.webhook = grow(this.webhook, (n) => new Uint8Array(n));
    this.chain = grow(this.chain, (n) => new Uint8Array(n));
    this.block = grow(this.block, (n) => new Uint32Array(n));
    this.created = grow(this.created, (n) => new Float64Array(n));
    this.updated = grow(this.updated, (n) => new Float64Array(n));
    this.status = grow(this.status, (n) => new Uint8Array(n));
    this.retries = grow(this.retries, (n) => new Uint8Array(n));
    this.error = grow(this.error, (n) => new Uint16Array(n));
    this.twoHashes = grow(this.twoHashes, (n) => new Uint8Array(n));
    this.reorganised = grow(this.reorganised, (n) => new Uint8Array(n));
    this.kind = grow(this.kind, (n) => new Uint8Array(n));
    this.transferRow = grow(this.transferRow, (n) => new Uint32Array(n));
  }

  errorCode(message: string | null): number {
    return message === null ? 0 : this.errors.id(message) + 1;
  }

  errorMessage(i: number): string | null {
    const code = this.error[i] as number;
    return code === 0 ? null : (this.errors.values[code - 1] as string);
  }

  /** Appends a live event; its createdAt is clamped so the column stays non-decreasing. */
  appendLive(row: NewEvent, extra: LiveRow): number {
    this.reserve(1);
    const i = this.length++;
    const created = Math.max(row.createdAt, i > 0 ? (this.created[i - 1] as number) : 0);
    this.webhook[i] = row.webhook;
    this.kind[i] = KIND[row.kind];
    this.transferRow[i] = i;
    this.chain[i] = this.chains.id(row.chainId);
    this.block[i] = row.blockNumber;
    this.created[i] = created;
    this.updated[i] = Math.max(row.updatedAt, created);
    this.status[i] = STATUS[row.status];
    this.retries[i] = Math.min(row.retries, 255);
    this.error[i] = this.errorCode(row.errorMessage);
    this.byWebhook[row.webhook]?.push(i);
    this.live.set(i, extra);
    this.liveIds.set(extra.id, i);
    for (const hash of extra.transactionHashes) {
      const key = hash.toLowerCase();
      const list = this.liveHashes.get(key) ?? [];
      list.push(i);
      this.liveHashes.set(key, list);
    }
    return i;
  }

  setDelivery(
    i: number,
    status: DeliveryStatus,
    retries: number,
    errorMessage: string | null,
    updatedAt: number,
  ): void {
    this.status[i] = STATUS[status];
    this.retries[i] = Math.min(retries, 255);
    this.error[i] = this.errorCode(errorMessage);
    this.updated[i] = updatedAt;
  }

  isSeeded(i: number): boolean {
    return i < this.seededCount;
  }

  liveRow(i: number): LiveRow | undefined {
    return this.live.get(i);
  }

  /** Ids of many rows (seeded ones in one cipher call). */
  idsOf(indices: readonly number[]): string[] {
    const seeded = indices.filter((i) => i < this.seededCount);
    const seededIds = this.ids.eventIds(seeded);
    let k = 0;
    return indices.map((i) => (i < this.seededCount ? (seededIds[k++] as string) : (this.live.get(i)?.id as string)));
  }

  idOf(i: number): string {
    return this.idsOf([i])[0] as string;
  }

  indexOf(id: string): number | undefined {
    const live = this.liveIds.get(id.toLowerCase()) ?? this.liveIds.get(id);
    if (live !== undefined) return live;
    const seeded = this.ids.eventIndex(id);
    return seeded !== undefined && seeded < this.seededCount ? seeded : undefined;
  }

  kindOf(i: number): AlertKind {
    return KIND_NAMES[this.kind[i] as number] as AlertKind;
  }

  /** The transaction ordinals of seeded row i: its transfer's row t carries 2t+1 (and 2t+2), which SeededIds turns into hashes. */
  ordinalsOf(i: number): number[] {
    const t = this.transferRow[i] as number;
    return this.twoHashes[t] ? [2 * t + 1, 2 * t + 2] : [2 * t + 1];
  }

  hashesOf(i: number): string[] {
    if (i >= this.seededCount) return this.live.get(i)?.transactionHashes ?? [];
    return this.ids.txHashes(this.ordinalsOf(i));
  }

  /** Every row whose transaction hashes include `hash` (case-insensitive), oldest first. */
  rowsWithHash(hash: string): number[] {
    const rows = [...(this.liveHashes.get(hash.toLowerCase()) ?? [])];
    const ordinal = this.ids.txOrdinal(hash);
    if (ordinal !== undefined && ordinal > 0) {
      const t = Math.floor((ordinal - 1) / 2);
      if (t < this.seededCount && this.transferRow[t] === t && (ordinal % 2 === 1 || this.twoHashes[t])) {
        rows.push(t);
        // Its confirmed alert is a later row, at most the longest confirmation wait later.
        const until = (this.created[t] as number) + MAX_SEEDED_CONFIRMATION_MS;
        for (let j = t + 1; j < this.seededCount && (this.created[j] as number) <= until; j++)
          if (this.transferRow[j] === t) rows.push(j);
      }
    }
    return rows.sort((a, b) => a - b);
  }
}
