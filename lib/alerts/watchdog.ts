/**
 * The chain watchdog's pairing: the upstream sends an EVM transfer's alert twice, unconfirmed when it
 * sees the transaction and confirmed once the chain is its depth past it (confirmation-depth.ts). A
 * transaction whose alert stands alone long after the confirmed one was due lost it: reorganised
 * out, dropped, or never confirmed. Read from the listing alone (rows grouped by transaction hash);
 * the chain's own word on each finding is added on the server.
 */
import type { AlertEvent } from "@/lib/contracts/alerts";
import { confirmationDelayMs } from "./confirmation-depth";
import type { TestActivityNote } from "./test-activity";

/** How late a confirmed alert may be before its absence is a finding. */
export const WATCHDOG_MARGIN_MS = 10 * 60_000;
/** The window watched by default: alerts of the last day. */
export const WATCHDOG_WINDOW_MS = 24 * 3_600_000;

/** What the chain says of a transaction, through the upstream's RPC gateway. */
export type ChainVerdict =
  | { kind: "missing" }
  | { kind: "mined"; status: "success" | "reverted"; blockNumber: number; confirmations: number }
  | { kind: "unknown"; message: string };

export interface WatchdogFinding {
  /** The transaction's first alert. */
  event: AlertEvent;
  /** Alerts of its first round (one per transfer) and confirmed alerts that came (fewer). */
  alerts: number;
  confirmed: number;
  /** When the confirmed alert was due (the alert's time plus the chain's wait). */
  dueAt: string;
  /** Filled on the server for the newest findings; absent when not asked. */
  chain?: ChainVerdict;
}

/** What the chain says against a transaction whose confirmed alert came. */
export type Disagreement = "missing" | "reverted" | "shallow";

export interface DisputedTransaction {
  /** The transaction's first alert. */
  event: AlertEvent;
  chain: ChainVerdict;
  disagreement: Disagreement;
  /** The chain's confirmation depth in blocks (what the upstream waited for before its confirmed alert). */
  depth: number;
  /** When the chain was asked (each confirmed transaction is asked once). */
  askedAt: string;
}

export interface WatchdogReport {
  /** Transactions whose confirmed alerts did not all come by their time, newest first. */
  findings: WatchdogFinding[];
  /**
   * Transactions whose confirmed alerts all came, each asked of the chain once, the oldest first over
   * successive reads (`asked` of `of` so far): those no longer on it (a reorganisation after the confirmed
   * alert), reverted, or still below the depth the confirmed alert claimed; `unknown` could not be asked
   * this time (asked again later); `oldestUnasked`, the first alert of the oldest one not asked yet (null:
   * every one asked).
   */
  confirmedChecks: {
    asked: number;
    of: number;
    unknown: number;
    disputed: DisputedTransaction[];
    oldestUnasked: string | null;
  };
  /** Alerts alone but still within their wait. */
  awaiting: number;
  /** Transactions looked at (paired or not). */
  transactions: number;
  /** The alerts read: created in [since, until). */
  since: string;
  until: string;
  /** False when more alerts exist than were read. */
  complete: boolean;
  /** What the test-activity switch did to the alerts read (absent: not applied). */
  testActivity?: TestActivityNote;
}

/** What the chain's word on a confirmed transaction holds against it, or null when it agrees (or was not known). */
export function disagreement(chain: ChainVerdict, depth: number): Disagreement | null {
  if (chain.kind === "missing") return "missing";
  if (chain.kind !== "mined") return null;
  if (chain.status === "reverted") return "reverted";
  return chain.confirmations < depth ? "shallow" : null;
}

/** Pairing, and the transactions whose confirmed alerts all came, for the chain check (newest first). */
export function pairAlerts(
  events: readonly AlertEvent[],
  options: { now: number; since: number; confirmationMs?: number; complete: boolean },
): WatchdogReport & { confirmedTransactions: AlertEvent[] } {
  const groups = new Map<string, AlertEvent[]>();
  for (const event of events) {
    const hash = event.transactionHashes[0]?.toLowerCase();
    if (!hash) continue;
    groups.set(hash, [...(groups.get(hash) ?? []), event]);
  }
  const findings: WatchdogFinding[] = [];
  const confirmedTransactions: AlertEvent[] = [];
  let awaiting = 0;
  for (const rows of groups.values()) {
    // A transaction raises an alert per transfer when first seen, and each again after the depth:
    // the first round is what came within half the wait of the earliest, the rest is the second.
    const sorted = [...rows].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const first = sorted[0] as AlertEvent;
    const at = Date.parse(first.createdAt);
    const wait = confirmationDelayMs(first.chainId, options.confirmationMs);
    const firstRound = sorted.filter((e) => Date.parse(e.createdAt) - at < wait / 2).length;
    const confirmed = sorted.length - firstRound;
    if (confirmed >= firstRound) {
      confirmedTransactions.push(first);
      continue;
    }
    // Alone near the window's start, it may be a confirmed alert whose first one is older than the window.
    if (at - wait - WATCHDOG_MARGIN_MS < options.since) continue;
    if (options.now - at > wait + WATCHDOG_MARGIN_MS)
      findings.push({ event: first, dueAt: new Date(at + wait).toISOString(), alerts: firstRound, confirmed });
    else awaiting++;
  }
  findings.sort((a, b) => Date.parse(b.event.createdAt) - Date.parse(a.event.createdAt));
  confirmedTransactions.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return {
    findings,
    confirmedTransactions,
    confirmedChecks: {
      asked: 0,
      of: confirmedTransactions.length,
      unknown: 0,
      disputed: [],
      oldestUnasked: confirmedTransactions.at(-1)?.createdAt ?? null,
    },
    awaiting,
    transactions: groups.size,
    since: new Date(options.since).toISOString(),
    until: new Date(options.now).toISOString(),
    complete: options.complete,
  };
}
