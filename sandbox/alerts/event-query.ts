/**
 * A filtered, newest-first page of one webhook's events. The webhook's rows are an ascending index
 * list whose createdAt never decreases, so since/until and the cursor are binary searches; the other
 * filters run as one pass over typed arrays that also counts the total.
 */
import type { AlertEvent, DeliveryStatus } from "@/lib/contracts";
import { badRequest } from "../http/errors";
import { STATUS, STATUS_CODES, type EventStore } from "./event-store";
import { EVENT_TYPE } from "./payload";

export interface EventFilter {
  deliveryStatuses?: DeliveryStatus[];
  /** Unix seconds, inclusive. */
  since?: number;
  /** Unix seconds, exclusive. */
  until?: number;
  /** Event id: the page starts after (older than) this event. */
  cursor?: string;
  limit: number;
  transactionHash?: string;
  blockNumbers?: number[];
  chainIds?: string[];
}

export interface EventPage {
  rows: number[];
  /** Id of the page's last event when older matches exist, else null. */
  cursor: string | null;
  total: number;
}

/** First position in `list` whose value satisfies `atOrAfter` (list sorted so the predicate is monotonic). */
function lowerBound(list: Uint32Array, atOrAfter: (row: number) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (atOrAfter(list[mid] as number)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function queryEvents(store: EventStore, webhook: number, filter: EventFilter): EventPage {
  const list = store.byWebhook[webhook]?.view() ?? new Uint32Array(0);
  const created = store.created;
  const lo =
    filter.since === undefined ? 0 : lowerBound(list, (i) => (created[i] as number) >= (filter.since as number) * 1000);
  const hi =
    filter.until === undefined
      ? list.length
      : lowerBound(list, (i) => (created[i] as number) >= (filter.until as number) * 1000);

  let pageEnd = hi;
  if (filter.cursor !== undefined) {
    const at = store.indexOf(filter.cursor);
    const pos = at === undefined ? -1 : lowerBound(list, (i) => i >= at);
    if (at === undefined || list[pos] !== at)
      throw badRequest(`cursor: ${filter.cursor} is not an event of this webhook`);
    pageEnd = Math.min(hi, pos);
  }

  let statusMask: Uint8Array | undefined;
  if (filter.deliveryStatuses) {
    statusMask = new Uint8Array(STATUS_CODES.length);
    for (const s of filter.deliveryStatuses) statusMask[STATUS[s]] = 1;
  }
  let chainMask: Uint8Array | undefined;
  if (filter.chainIds) {
    chainMask = new Uint8Array(256);
    for (const id of filter.chainIds) {
      const code = store.chains.find(id);
      if (code !== undefined) chainMask[code] = 1;
    }
  }
  const blocks = filter.blockNumbers && new Set(filter.blockNumbers);
  // A range test first rejects almost every row before the set lookup.
  const minBlock = filter.blockNumbers ? Math.min(...filter.blockNumbers) : 0;
  const maxBlock = filter.blockNumbers ? Math.max(...filter.blockNumbers) : 0;
  const { status, chain, block } = store;
  const matches = (i: number) =>
    (statusMask === undefined || statusMask[status[i] as number] === 1) &&
    (chainMask === undefined || chainMask[chain[i] as number] === 1) &&
    (blocks === undefined ||
      ((block[i] as number) >= minBlock && (block[i] as number) <= maxBlock && blocks.has(block[i] as number)));

  const rows: number[] = [];
  let total = 0;
  let older = 0;
  const take = (k: number, i: number) => {
    total++;
    if (k < pageEnd) {
      if (rows.length < filter.limit) rows.push(i);
      else older++;
    }
  };

  if (filter.transactionHash !== undefined) {
    // A hash names at most a few rows: check those instead of scanning.
    const candidates = store.rowsWithHash(filter.transactionHash).filter((i) => store.webhook[i] === webhook);
    for (let c = candidates.length - 1; c >= 0; c--) {
      const i = candidates[c] as number;
      const k = lowerBound(list, (row) => row >= i);
      if (k >= lo && k < hi && matches(i)) take(k, i);
    }
  } else if (!statusMask && !chainMask && !blocks) {
    total = hi - lo;
    for (let k = pageEnd - 1; k >= lo && rows.length < filter.limit; k--) rows.push(list[k] as number);
    older = Math.max(0, pageEnd - lo - rows.length);
  } else {
    // The hot loop of a filtered page: kept free of calls for the rows that do not match.
    for (let k = hi - 1; k >= lo; k--) {
      const i = list[k] as number;
      if (statusMask !== undefined && statusMask[status[i] as number] === 0) continue;
      if (chainMask !== undefined && chainMask[chain[i] as number] === 0) continue;
      if (blocks !== undefined) {
        const b = block[i] as number;
        if (b < minBlock || b > maxBlock || (minBlock !== maxBlock && !blocks.has(b))) continue;
      }
      take(k, i);
    }
  }

  const last = rows.at(-1);
  return { rows, cursor: older > 0 && last !== undefined ? store.idOf(last) : null, total };
}

/** The API records of some rows (ids and seeded hashes computed in batches). */
export function eventViews(store: EventStore, rows: readonly number[]): AlertEvent[] {
  const ids = store.idsOf(rows);
  const seeded = rows.filter((i) => store.isSeeded(i));
  const ordinals = seeded.flatMap((i) => store.ordinalsOf(i));
  const hashes = store.ids.txHashes(ordinals);
  let h = 0;
  return rows.map((i, k) => {
    const transactionHashes = store.isSeeded(i)
      ? hashes.slice(h, (h += store.twoHashes[store.transferRow[i] as number] ? 2 : 1))
      : store.hashesOf(i);
    const status = STATUS_CODES[store.status[i] as number] as DeliveryStatus;
    return {
      id: ids[k] as string,
      type: EVENT_TYPE,
      chainId: store.chains.values[store.chain[i] as number] as string,
      blockNumber: store.block[i] as number,
      transactionHashes,
      deliveryStatus: status,
      retries: store.retries[i] as number,
      errorMessage: store.errorMessage(i),
      // As the public shapes show it: 1 on a delivered event, null otherwise, whichever alert it is (README 28).
      confirmed: status === "success" ? 1 : null,
      createdAt: new Date(store.created[i] as number).toISOString(),
      updatedAt: new Date(store.updated[i] as number).toISOString(),
    };
  });
}
