/**
 * Seeded alert-event history, written straight into the event store's columns from a PRNG: no ids,
 * hashes or payloads are generated (they derive from the row index on demand), which is what lets a
 * million events seed in well under a second.
 *
 * Shape of the history (all documented in sandbox/README.md): the N events spread over the 90 days
 * before the seed anchor, newest last; 80 % on the accepting webhook, 12 % on the failing one, 8 % on
 * the slow one; chains weighted towards Sepolia; block numbers consistent with each chain's block time.
 */
import { STATUS, type EventStore } from "../alerts/event-store";
import type { ReceiverRole } from "../alerts/receivers";
import { createRng } from "./prng";

const DAY_MS = 86_400_000;
export const EVENT_HISTORY_MS = 90 * DAY_MS;

/** [chain, weight, block at the anchor, block time in ms] */
const CHAINS: [string, number, number, number][] = [
  ["eip155:11155111", 35, 9_700_000, 12_000],
  ["eip155:1", 15, 23_800_000, 12_000],
  ["eip155:8453", 15, 38_000_000, 2_000],
  ["eip155:84532", 10, 33_000_000, 2_000],
  ["eip155:137", 10, 79_000_000, 2_000],
  ["eip155:80002", 5, 29_000_000, 2_000],
  ["eip155:42161", 5, 400_000_000, 250],
  ["eip155:10", 5, 143_000_000, 2_000],
];

const WEBHOOK_SHARE: Record<ReceiverRole, number> = { accepting: 0.8, failing: 0.12, slow: 0.08 };

/** Cumulative retry delays of the real service: 1 min, 10 min, 1 h, 2 h, 6 h, 12 h, 24 h. */
const RETRY_AT_MS = [60_000, 660_000, 4_260_000, 11_460_000, 33_060_000, 76_260_000, 162_660_000];

const FAILURES: Record<ReceiverRole, string[]> = {
  accepting: [
    "Request failed with status code 503",
    "Request failed with status code 502",
    "timeout of 10000ms exceeded",
    "connect ECONNREFUSED",
  ],
  failing: ["Request failed with status code 500"],
  slow: ["timeout of 10000ms exceeded"],
};
const SUCCESS_RATE: Record<ReceiverRole, number> = { accepting: 0.965, failing: 0.08, slow: 0.35 };

export interface SeedEventsOptions {
  count: number;
  seed: string;
  anchorMs: number;
  /** Role of each webhook, by webhook index. */
  roles: readonly ReceiverRole[];
}

export function seedEvents(store: EventStore, { count, seed, anchorMs, roles }: SeedEventsOptions): void {
  if (store.length !== 0) throw new Error("seed the event store before any live event");
  const rng = createRng(`${seed}:events`);
  store.reserve(count);

  const chainIds = CHAINS.map(([id]) => store.chains.id(id));
  const totalWeight = CHAINS.reduce((s, [, w]) => s + w, 0);
  const chainPick = new Uint8Array(totalWeight);
  let k = 0;
  CHAINS.forEach(([, weight], c) => chainPick.fill(c, k, (k += weight)));

  const errorCodes = roles.map((role) => FAILURES[role].map((m) => store.errorCode(m)));
  const cumulativeShare: number[] = [];
  let acc = 0;
  for (const role of roles) cumulativeShare.push((acc += WEBHOOK_SHARE[role]));
  const shareTotal = acc;

  const start = anchorMs - EVENT_HISTORY_MS;
  const step = EVENT_HISTORY_MS / Math.max(count, 1);
  // Deliveries of the last half hour of history may still be in flight: these are the pending ones.
  const pendingFrom = anchorMs - 30 * 60_000;

  for (let i = 0; i < count; i++) {
    const created = Math.floor(start + (i + rng.next()) * step);
    let w = 0;
    const r = rng.next() * shareTotal;
    while (w < roles.length - 1 && r >= (cumulativeShare[w] as number)) w++;
    const role = roles[w] as ReceiverRole;
    const c = chainPick[rng.int(totalWeight)] as number;
    const [, , anchorBlock, blockMs] = CHAINS[c] as [string, number, number, number];

    store.webhook[i] = w;
    store.chain[i] = chainIds[c] as number;
    store.block[i] = anchorBlock - Math.floor((anchorMs - created) / blockMs);
    store.created[i] = created;
    store.twoHashes[i] = rng.next() < 0.03 ? 1 : 0;

    let status: number;
    let retries: number;
    let updated: number;
    if (created >= pendingFrom && rng.next() < 0.4) {
      status = STATUS.pending;
      retries = rng.int(2);
      updated = created + (retries ? (RETRY_AT_MS[0] as number) : 0);
      store.error[i] = retries ? (errorCodes[w]?.[0] ?? 0) : 0;
    } else if (rng.next() < SUCCESS_RATE[role]) {
      status = STATUS.success;
      retries = rng.next() < 0.9 ? 0 : 1 + rng.int(2);
      updated = created + (retries ? (RETRY_AT_MS[retries - 1] as number) : 150 + rng.int(900));
      store.error[i] = 0;
    } else {
      status = STATUS.failed;
      // The retry schedule runs out after 7 attempts, unless the event is too recent to have used them all.
      const possible = RETRY_AT_MS.filter((d) => created + d <= anchorMs).length;
      retries = possible;
      updated = created + (possible ? (RETRY_AT_MS[possible - 1] as number) : 10_000);
      const codes = errorCodes[w] as number[];
      store.error[i] = codes[rng.int(codes.length)] as number;
    }
    store.status[i] = status;
    store.retries[i] = retries;
    store.updated[i] = Math.min(updated, anchorMs);
    store.byWebhook[w]?.push(i);
  }
  store.length = count;
  store.seededCount = count;
}
