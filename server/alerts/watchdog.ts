import "server-only";
import { confirmationDepth } from "@/lib/alerts/confirmation-depth";
import { applyTestMode, SUMMARY_TEST_MODE, type TestMode } from "@/lib/alerts/test-activity";
import {
  disagreement,
  pairAlerts,
  WATCHDOG_WINDOW_MS,
  type ChainVerdict,
  type DisputedTransaction,
  type WatchdogReport,
} from "@/lib/alerts/watchdog";
import type { AlertEvent } from "@/lib/contracts";
import { getDb } from "@/server/db";
import { getUpstreamConfig } from "@/server/env";
import { isAppError } from "@/server/errors";
import { KEEP_MS, keptFor } from "@/server/kit/kept";
import { chainRpc } from "@/server/wallets/chain-rpc";
import { sinceMinute } from "./range";
import { markTestActivity } from "./test-activity/classify";
import { claimChecks, pruneChecks, recordCheck, recordedChecks } from "./watchdog-checks";
import { walkEvents } from "./webhook-reads";

/** Pages of 1000 read at most (a busy webhook's day). */
const MAX_PAGES = 30;
/** Findings whose transaction is looked up on the chain (the newest). */
const MAX_LOOKUPS = 50;
/** Confirmed transactions asked of the chain in one read, the oldest not yet asked first. */
const MAX_CONFIRMED_CHECKS = 100;
/** What was asked of transactions this much older than the watched day is forgotten. */
const PRUNE_MARGIN_MS = 3_600_000;
const LOOKUPS_AT_ONCE = 5;

/**
 * A webhook's chain watchdog: its alerts of the last day (every status, newest first, cursor walk),
 * paired by transaction; each alert alone past its confirmed partner's time is a finding, and the
 * newest findings carry what the chain says of their transaction. The transactions whose confirmed
 * alerts all came are asked of the chain too, each once over successive reads (./watchdog-checks.ts):
 * one no longer there, reverted, or below the depth its confirmed alert stood for is disputed.
 */
export async function readWatchdog(
  webhookId: string,
  now = Date.now(),
  options: {
    /** false: no chain lookups; "confirmed": only the confirmed transactions' (what the counts need). */
    lookups?: boolean | "confirmed";
    priority?: "interactive" | "background";
    /** Confirmed transactions asked of the chain in this read at most (the rest in later reads). */
    askAtMost?: number;
    /** Test activity (the test clients' transactions): left out unless asked. */
    test?: TestMode;
  } = {},
): Promise<WatchdogReport> {
  const { confirmationMs } = getUpstreamConfig();
  const since = now - WATCHDOG_WINDOW_MS;
  // A whole minute, so reads within a minute share the upstream's answers (shared reads).
  const sinceSeconds = sinceMinute(since);
  const { events, complete } = await walkEvents(
    webhookId,
    { eventTypes: "EIP_155_TX_V1", since: String(sinceSeconds) },
    { maxPages: MAX_PAGES, ...(options.priority === "background" ? { priority: "background" as const } : {}) },
  );
  // Cut short, the oldest alerts were not read: pair only from the oldest one read.
  const oldest = !complete ? Date.parse(events.at(-1)?.createdAt ?? new Date(now).toISOString()) : sinceSeconds * 1000;
  // Test activity is set aside (or kept alone) before pairing: a transaction's alerts are all test or none.
  const { kept, note } = applyTestMode(events, await markTestActivity(events), options.test ?? SUMMARY_TEST_MODE);
  const { confirmedTransactions, ...paired } = pairAlerts(kept, {
    now,
    since: oldest,
    confirmationMs,
    complete,
  });
  const report: WatchdogReport = { ...paired, testActivity: note };
  if (options.lookups === false) return report;
  const asked = options.lookups === "confirmed" ? [] : report.findings.slice(0, MAX_LOOKUPS);
  const lookUp = chainVerdicts();
  await inBatches(asked, async (finding) => {
    finding.chain = await lookUp(finding.event);
  });
  report.confirmedChecks = await checkConfirmed(webhookId, confirmedTransactions, lookUp, {
    askAtMost: options.askAtMost ?? MAX_CONFIRMED_CHECKS,
    dayStart: sinceSeconds * 1000,
  });
  return report;
}

/**
 * The confirmed transactions asked of the chain: each once, whichever process claims it first, the oldest
 * not yet asked first (at most `askAtMost` a read), so successive reads (the webhooks list's counts every
 * minute, a page view) roll through the whole day; what was asked before is read back from the database.
 */
async function checkConfirmed(
  webhookId: string,
  confirmed: readonly AlertEvent[],
  lookUp: (event: AlertEvent) => Promise<ChainVerdict>,
  options: { askAtMost: number; dayStart: number },
): Promise<WatchdogReport["confirmedChecks"]> {
  const db = await getDb();
  await pruneChecks(db, webhookId, new Date(options.dayStart - PRUNE_MARGIN_MS).toISOString());
  const hashOf = (event: AlertEvent) => (event.transactionHashes[0] as string).toLowerCase();
  const recorded = await recordedChecks(db, webhookId, confirmed.map(hashOf));
  // Oldest first: the day is walked like a cursor, and a transaction leaves the window only after its turn.
  const toAsk = confirmed
    .filter((event) => !recorded.has(hashOf(event)))
    .reverse()
    .slice(0, options.askAtMost);
  const claims = toAsk.map((event) => ({
    event,
    claim: { hash: hashOf(event), chainId: event.chainId, alertedAt: event.createdAt },
  }));
  const won = await claimChecks(
    db,
    webhookId,
    claims.map((c) => c.claim),
  );
  let unknown = 0;
  await inBatches(
    claims.filter((c) => won.has(c.claim.hash)),
    async ({ event, claim }) => {
      const check = await recordCheck(db, webhookId, claim, await lookUp(event));
      if (check) recorded.set(claim.hash, check);
      else unknown++;
    },
  );
  const disputed: DisputedTransaction[] = [];
  let asked = 0;
  let oldestUnasked: string | null = null;
  for (const event of confirmed) {
    const check = recorded.get(hashOf(event));
    if (!check?.verdict || !check.checkedAt) {
      // Newest first: the last one met is the oldest.
      oldestUnasked = event.createdAt;
      continue;
    }
    asked++;
    const depth = confirmationDepth(event.chainId);
    const against = disagreement(check.verdict, depth);
    if (against) disputed.push({ event, chain: check.verdict, disagreement: against, depth, askedAt: check.checkedAt });
  }
  return { asked, of: confirmed.length, unknown, disputed, oldestUnasked };
}

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += LOOKUPS_AT_ONCE)
    await Promise.all(items.slice(i, i + LOOKUPS_AT_ONCE).map(work));
}

/**
 * The transaction as the chain has it now: not there, or mined (status, block, confirmations). Each
 * chain's head is read once per watchdog read (seconds old at most), not once per transaction.
 */
function chainVerdicts(): (event: AlertEvent) => Promise<ChainVerdict> {
  const heads = new Map<string, Promise<number>>();
  const headOf = (chainId: string) => {
    let head = heads.get(chainId);
    if (!head) {
      head = chainRpc(chainId).blockNumber();
      heads.set(chainId, head);
      head.catch(() => heads.delete(chainId));
    }
    return head;
  };
  return (event) => verdict(event, headOf);
}

async function verdict(event: AlertEvent, headOf: (chainId: string) => Promise<number>): Promise<ChainVerdict> {
  const hash = event.transactionHashes[0] as string;
  try {
    const rpc = chainRpc(event.chainId);
    const receipt = await rpc.receipt(hash);
    if (!receipt) return { kind: "missing" };
    const block = Number(receipt.blockNumber);
    const head = await headOf(event.chainId);
    return {
      kind: "mined",
      status: receipt.status === "0x1" ? "success" : "reverted",
      blockNumber: block,
      confirmations: Math.max(0, head - block + 1),
    };
  } catch (error) {
    return { kind: "unknown", message: isAppError(error) ? error.userMessage : "The chain could not be asked." };
  }
}

export interface WatchdogCounts {
  /** Transactions whose confirmed alerts did not all come. */
  missing: number;
  /** Confirmed transactions the chain disagrees with (of the newest asked). */
  disputed: number;
  /** Test-activity alerts set aside before pairing, and alerts not classified yet. */
  testActivity: { leftOut: number; unclassified: number };
}
const keptCounts = keptFor<WatchdogCounts>({ keepMs: KEEP_MS.summary, failedMs: KEEP_MS.failed });

/**
 * The counts of a webhook's watchdog, for the webhooks page and the overview: read at background
 * priority, the confirmed transactions asked of the chain (not the findings: a missing confirmation
 * is counted from the listing alone), kept a minute (a failed read 15 s).
 */
export function countWatchdogFindings(webhookId: string): Promise<WatchdogCounts> {
  return keptCounts.get(webhookId, () =>
    readWatchdog(webhookId, Date.now(), { lookups: "confirmed", priority: "background" }).then((r) => ({
      missing: r.findings.length,
      disputed: r.confirmedChecks.disputed.length,
      testActivity: { leftOut: r.testActivity?.leftOut ?? 0, unclassified: r.testActivity?.unclassified ?? 0 },
    })),
  );
}
