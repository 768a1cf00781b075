/**
 * Replay receipts: what became of each event a replay sent, followed through the events listing
 * until it has a new outcome. Shared by the server (the follower and the CSV) and the page.
 */
import type { AlertEvent } from "@/lib/contracts/alerts";

/**
 * A receipt's outcome.
 * - sent: in a replay-all batch whose answer is not recorded yet (moves on within seconds)
 * - awaiting: the upstream queued it; no new outcome seen yet (being followed)
 * - delivered / failed: the new outcome the replay led to
 * - pending: still no outcome when following ended (the bounded time ran out, or the run was stopped)
 * - refused: the upstream would not replay it (no longer failed, unknown, or already replayed)
 * - unconfirmed: sent in a batch whose answer was never recorded; not sent again
 * - untracked: queued, but its event was not found to follow (selected outside the time window read)
 */
export const RECEIPT_OUTCOMES = [
  "sent",
  "awaiting",
  "delivered",
  "failed",
  "pending",
  "refused",
  "unconfirmed",
  "untracked",
] as const;
export type ReceiptOutcome = (typeof RECEIPT_OUTCOMES)[number];

export const RECEIPT_LABELS: Record<ReceiptOutcome, string> = {
  sent: "Sent, no answer yet",
  awaiting: "Awaiting its outcome",
  delivered: "Delivered",
  failed: "Failed again",
  pending: "Still pending",
  refused: "Refused by the upstream",
  unconfirmed: "No answer recorded",
  untracked: "Not followed",
};

export type ReceiptTally = Record<ReceiptOutcome, number>;

export function emptyTally(): ReceiptTally {
  return Object.fromEntries(RECEIPT_OUTCOMES.map((o) => [o, 0])) as ReceiptTally;
}

/** The facts of a replayed event the follower matches on, as its listing row had them. */
export interface ReceiptFacts {
  eventId: string;
  chainId: string;
  blockNumber: number;
  transactionHashes: string[];
  createdAt: string;
}

/** The facts of an event's listing row that a receipt keeps. */
export function receiptFacts(e: AlertEvent): ReceiptFacts {
  return {
    eventId: e.id,
    chainId: e.chainId,
    blockNumber: e.blockNumber,
    transactionHashes: e.transactionHashes,
    createdAt: e.createdAt,
  };
}

/** A receipt being followed: its event's facts and when the replay call was sent (ISO). */
export interface FollowedReceipt extends ReceiptFacts {
  sentAt: string;
}

/** What was seen of a receipt's event since its replay. */
export interface Observation {
  outcome: "awaiting" | "delivered" | "failed";
  /** The row that carries the outcome: the event itself, or a new row for the same transaction. */
  rowId: string | null;
  /** When the outcome happened, where the listing says (the row's updatedAt or createdAt). */
  at: string | null;
  message: string | null;
  retries: number | null;
}

export interface Sightings {
  /**
   * The webhook's failed and pending events over the receipts' creation times, read to the end: an
   * event absent from it has delivered (success is the only other status).
   */
  open: readonly AlertEvent[];
  /** Rows created since the earliest replay was sent (any status), or undefined when not read. */
  since?: readonly AlertEvent[];
}

const sameHashes = (a: readonly string[], b: readonly string[]) => {
  if (a.length !== b.length) return false;
  const set = new Set(a.map((h) => h.toLowerCase()));
  return b.every((h) => set.has(h.toLowerCase()));
};

const atOrAfter = (iso: string, sentAt: string) => Date.parse(iso) >= Math.floor(Date.parse(sentAt) / 1000) * 1000;

/**
 * What each receipt's event shows since its replay. Two ways an upstream may record a replay are
 * both read: the same event moves on (pending, then success or failed with a new updatedAt), as the
 * sandbox does; or a new row for the same transaction carries the attempt, as the real service's
 * listing is reported to. In that order:
 * 1. the event itself is pending, or failed with an updatedAt at or after the replay → that;
 * 2. the event is no longer failed or pending → delivered on the same row;
 * 3. a row created at or after the replay for the same chain, block and transaction hashes → its status;
 * 4. otherwise (still failed as before the replay) → awaiting.
 * Step 3 cannot tell a replay's row from an alert the upstream would have sent anyway for the same
 * transaction (the confirmed alert of a transfer replayed within its confirmation wait); step 2
 * comes first so an upstream that moves the event itself is never misread that way.
 */
export function observe(receipts: readonly FollowedReceipt[], seen: Sightings): Map<string, Observation> {
  const open = new Map(seen.open.map((e) => [e.id, e]));
  const result = new Map<string, Observation>();
  for (const r of receipts) {
    const own = open.get(r.eventId);
    if (own?.deliveryStatus === "pending") {
      result.set(r.eventId, { outcome: "awaiting", rowId: own.id, at: null, message: null, retries: own.retries });
      continue;
    }
    if (own && atOrAfter(own.updatedAt, r.sentAt)) {
      result.set(r.eventId, {
        outcome: "failed",
        rowId: own.id,
        at: own.updatedAt,
        message: own.errorMessage,
        retries: own.retries,
      });
      continue;
    }
    if (!own) {
      result.set(r.eventId, { outcome: "delivered", rowId: r.eventId, at: null, message: null, retries: null });
      continue;
    }
    const row = (seen.since ?? [])
      .filter(
        (e) =>
          e.id !== r.eventId &&
          e.chainId === r.chainId &&
          e.blockNumber === r.blockNumber &&
          sameHashes(e.transactionHashes, r.transactionHashes) &&
          atOrAfter(e.createdAt, r.sentAt),
      )
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt))[0];
    if (row && row.deliveryStatus !== "pending") {
      result.set(r.eventId, {
        outcome: row.deliveryStatus === "success" ? "delivered" : "failed",
        rowId: row.id,
        at: row.updatedAt,
        message: row.errorMessage,
        retries: row.retries,
      });
      continue;
    }
    result.set(r.eventId, { outcome: "awaiting", rowId: row?.id ?? null, at: null, message: null, retries: null });
  }
  return result;
}

/** Waits between looks: soon at first (a replay is delivered within seconds), then every 30 s. */
export function followDelayMs(poll: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, poll));
}

/** One receipt as the page and the CSV show it. */
export interface ReplayReceipt {
  seq: number;
  eventId: string;
  chainId: string | null;
  blockNumber: number | null;
  transactionHashes: string[];
  eventCreatedAt: string | null;
  sentAt: string;
  outcome: ReceiptOutcome;
  outcomeAt: string | null;
  outcomeRowId: string | null;
  retries: number | null;
  message: string | null;
}

/** The CSV's columns, in order: the run id on every row, so a row taken out of the file still says whose. */
export const RECEIPT_CSV_HEADER = [
  "runId",
  "seq",
  "eventId",
  "outcome",
  "outcomeAt",
  "outcomeRowId",
  "retries",
  "message",
  "sentAt",
  "chainId",
  "blockNumber",
  "transactionHashes",
  "eventCreatedAt",
] as const;

export function receiptCsvRow(runId: string, r: ReplayReceipt): (string | number | null)[] {
  return [
    runId,
    r.seq,
    r.eventId,
    r.outcome,
    r.outcomeAt,
    r.outcomeRowId,
    r.retries,
    r.message,
    r.sentAt,
    r.chainId,
    r.blockNumber,
    r.transactionHashes.join(" "),
    r.eventCreatedAt,
  ];
}

/** A replay run as the webhook's replays page lists it. */
export interface ReplayRunSummary {
  runId: string;
  kind: "selected" | "all";
  status: "queued" | "running" | "succeeded" | "failed" | "cancelled";
  startedByEmail: string;
  startedAt: string;
  finishedAt: string | null;
  tally: ReceiptTally;
  total: number;
}

/** A run's receipts page: the run, its tally, and one page of receipts. */
export interface ReceiptsPage {
  run: ReplayRunSummary & {
    /** Until when the run follows its receipts (ISO); null before following starts. */
    followUntil: string | null;
    /** The digest of the finished run's CSV, as its audit record holds it. */
    csvSha256: string | null;
  };
  receipts: ReplayReceipt[];
  /** Receipts matching the outcome filter. */
  matching: number;
  /** The `after` of the next page, or null. */
  next: number | null;
}
