/**
 * Seeded alert-event history, written straight into the event store's columns from a PRNG: no ids,
 * hashes or payloads are generated (they derive from the row index on demand), which is what lets a
 * million events seed in well under a second.
 *
 * Shape of the history (all documented in sandbox/docs/state-and-seed.md): the N events spread over the 90 days
 * before the seed anchor, newest last; 80 % on the accepting webhook, 12 % on the failing one, 8 % on
 * the slow one; chains weighted towards Sepolia; block numbers consistent with each chain's block time.
 * Transfers come as the real service sends them: an unconfirmed alert when seen, a confirmed one
 * (same webhook, chain, block and hashes) after the chain's confirmation depth, except a few left
 * orphaned as by a reorganisation; transfers too recent to be confirmed by the anchor have only the first.
 */
import { confirmationDelayMs } from "@/lib/alerts/confirmation-depth";
import { MAX_AUTOMATIC_RETRIES, retryOffsetMs } from "@/lib/alerts/delivery-schedule";
import { KIND, STATUS, type EventStore } from "../alerts/event-store";
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

/**
 * The height each seeded chain's local chain starts at: the seeded history's blocks lie below it, so the
 * chain's head is above every seeded transaction and a confirmation count read from the gateway is the
 * transaction's age in blocks at the anchor (sandbox/alerts/archive.ts answers for those transactions).
 */
export function seededChainHead(reference: number): number {
  return CHAINS.find(([id]) => id === `eip155:${reference}`)?.[2] ?? 0;
}

const WEBHOOK_SHARE: Record<ReceiverRole, number> = { accepting: 0.8, failing: 0.12, slow: 0.08 };

/** Share of seeded transfers whose confirmed alert never comes (a reorganisation dropped them). */
export const SEEDED_ORPHAN_SHARE = 0.005;

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
  /** The retry schedule's compression (SANDBOX_RETRY_SCALE): failed events have used it as far as their age allows. */
  retryScale?: number;
}

/** A row placed on purpose: a failure at a stage of the retry schedule, an orphan, or a transfer reorganised out after its confirmed alert. */
interface Special {
  at: number;
  webhook: number;
  kind: "stage" | "orphan" | "reorganised";
}

interface Confirmation {
  at: number;
  transferRow: number;
  webhook: number;
  chain: number;
  block: number;
}

export function seedEvents(store: EventStore, options: SeedEventsOptions): void {
  const { count, seed, anchorMs, roles } = options;
  const retryScale = options.retryScale ?? 1;
  if (store.length !== 0) throw new Error("seed the event store before any live event");
  const rng = createRng(`${seed}:events`);
  store.reserve(count + 2 * MAX_AUTOMATIC_RETRIES);

  const chainIds = CHAINS.map(([id]) => store.chains.id(id));
  const delays = CHAINS.map(([id]) => confirmationDelayMs(id, undefined));
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
  const retryAt = Array.from({ length: 7 }, (_, n) => retryOffsetMs(n + 1, retryScale));
  /** Confirmed alerts still to be written, earliest first (few at a time: the longest wait is minutes). */
  const waiting: Confirmation[] = [];

  let i = 0;
  const write = (
    created: number,
    w: number,
    c: number,
    block: number,
    transferRow: number,
    kind: number,
    forceFailed = false,
  ) => {
    store.reserve(i + 1 - store.length);
    const role = roles[w] as ReceiverRole;
    store.webhook[i] = w;
    store.chain[i] = chainIds[c] as number;
    store.block[i] = block;
    store.created[i] = created;
    store.kind[i] = kind;
    store.transferRow[i] = transferRow;

    let status: number;
    let retries: number;
    let updated: number;
    if (!forceFailed && created >= pendingFrom && rng.next() < 0.4) {
      status = STATUS.pending;
      retries = rng.int(2);
      updated = created + (retries ? (retryAt[0] as number) : 0);
      store.error[i] = retries ? (errorCodes[w]?.[0] ?? 0) : 0;
    } else if (!forceFailed && rng.next() < SUCCESS_RATE[role]) {
      status = STATUS.success;
      retries = rng.next() < 0.9 ? 0 : 1 + rng.int(2);
      updated = created + (retries ? (retryAt[retries - 1] as number) : 150 + rng.int(900));
      store.error[i] = 0;
    } else {
      status = STATUS.failed;
      // The retry schedule runs out after 7 attempts, unless the event is too recent to have used them all.
      const possible = retryAt.filter((d) => created + d <= anchorMs).length;
      retries = possible;
      updated = created + (possible ? (retryAt[possible - 1] as number) : 10_000);
      const codes = errorCodes[w] as number[];
      store.error[i] = codes[rng.int(codes.length)] as number;
    }
    store.status[i] = status;
    store.retries[i] = retries;
    store.updated[i] = Math.min(updated, anchorMs);
    store.byWebhook[w]?.push(i);
    i++;
  };

  // However sparse the history, one failure on the failing webhook sits at each stage of the schedule
  // still running at the anchor (between two retries), so every stage can be seen; and each webhook
  // has an orphan two hours before the anchor, and a confirmed transfer that a reorganisation removed
  // afterwards three hours before it (both on Sepolia), so the last day holds one of each whatever the count.
  const failingWebhook = roles.indexOf("failing");
  const special: Special[] =
    count >= 100
      ? [
          ...(failingWebhook < 0
            ? []
            : [0, ...retryAt.slice(0, -1)].map((lo, n) => ({
                at: anchorMs - Math.floor((lo + (retryAt[n] as number)) / 2),
                webhook: failingWebhook,
                kind: "stage" as const,
              }))),
          ...roles.map((_, w) => ({ at: anchorMs - 2 * 3_600_000 - w * 60_000, webhook: w, kind: "orphan" as const })),
          ...roles.map((_, w) => ({
            at: anchorMs - 3 * 3_600_000 - w * 60_000,
            webhook: w,
            kind: "reorganised" as const,
          })),
        ].sort((a, b) => a.at - b.at)
      : [];

  const transferAt = (created: number, forced?: Special) => {
    let w = 0;
    const r = rng.next() * shareTotal;
    while (w < roles.length - 1 && r >= (cumulativeShare[w] as number)) w++;
    if (forced) w = forced.webhook;
    const c = forced && forced.kind !== "stage" ? 0 : (chainPick[rng.int(totalWeight)] as number);
    const [, , anchorBlock, blockMs] = CHAINS[c] as [string, number, number, number];
    const block = anchorBlock - Math.floor((anchorMs - created) / blockMs);
    const row = i;
    store.twoHashes[row] = rng.next() < 0.03 ? 1 : 0;
    store.reorganised[row] = forced?.kind === "reorganised" ? 1 : 0;
    const orphan = forced ? forced.kind === "orphan" : rng.next() < SEEDED_ORPHAN_SHARE;
    write(created, w, c, block, row, orphan ? KIND.orphan : KIND.unconfirmed, forced?.kind === "stage");
    const at = created + (delays[c] as number);
    if (!orphan && at <= anchorMs) {
      let p = waiting.length;
      while (p > 0 && (waiting[p - 1] as Confirmation).at > at) p--;
      waiting.splice(p, 0, { at, transferRow: row, webhook: w, chain: c, block });
    }
  };

  // Rows are spaced evenly over the history; each slot takes, at its own time, the confirmed alert or
  // the stage failure due first if one is due by the slot's time, else a new transfer at the slot's time.
  const dueFirst = (until: number) => {
    const confirmation = waiting[0]?.at ?? Infinity;
    const next = special[0]?.at ?? Infinity;
    if (Math.min(confirmation, next) > until) return false;
    if (confirmation <= next) {
      const due = waiting.shift() as Confirmation;
      write(due.at, due.webhook, due.chain, due.block, due.transferRow, KIND.confirmed);
    } else {
      const forced = special.shift() as Special;
      transferAt(forced.at, forced);
    }
    return true;
  };
  for (let n = 0; i < count; n++) {
    const slot = Math.floor(start + (n + rng.next()) * step);
    if (!dueFirst(slot)) transferAt(slot);
  }
  // The special rows after the last slot, and the confirmations due by the anchor, come on top of the count.
  while (dueFirst(anchorMs));
  store.length = i;
  store.seededCount = i;
}
