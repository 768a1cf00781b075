import "server-only";
import { followDelayMs, observe, type FollowedReceipt, type ReceiptTally } from "@/lib/alerts/replay-receipts";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { getAdminClient, type AdminClient } from "@/server/upstream";
import { sleep } from "@/server/upstream/retry";
import { followedReceipts, moveAllReceipts, receiptTally, recordObservations } from "./receipts-store";

/** The largest page the listing serves (the spec shows no maximum; the sandbox's and the console's cap). */
const PAGE = 1000;
/** Pages one look reads at most per walk: 200,000 open events, far beyond any replay's. */
const MAX_PAGES = 200;

export interface FollowRun {
  runId: string;
  webhookId: string;
  /** When following ends: receipts still awaiting then say "still pending". */
  until: Date;
  signal: AbortSignal;
  /** Called after every look with the tally so far. */
  report(tally: ReceiptTally): void;
  now?: () => Date;
}

/**
 * Follows a run's awaiting receipts until each has a new outcome or `until` passes. Each look reads
 * the webhook's failed and pending events over the awaiting events' creation times (an event no
 * longer among them has been delivered), and only when some event still reads as before its replay,
 * the rows created since the replay (an upstream that logs the attempt as a new row). All reads are
 * at background priority in the shared budget. Safe to run again after a takeover: it only reads
 * and moves receipts forward.
 */
export async function followReceipts(run: FollowRun): Promise<ReceiptTally> {
  const now = run.now ?? (() => new Date());
  const admin = getAdminClient();
  for (let poll = 0; ; poll++) {
    run.signal.throwIfAborted();
    const awaiting = await followedReceipts(run.runId);
    if (awaiting.length > 0) await look(admin, run, awaiting, now());
    const tally = await receiptTally(run.runId);
    run.report(tally);
    if (tally.awaiting === 0) return tally;
    const left = run.until.getTime() - now().getTime();
    if (left <= 0) {
      await moveAllReceipts(
        run.runId,
        ["awaiting"],
        "pending",
        `No new outcome by ${run.until.toISOString()}, when following ended`,
      );
      return receiptTally(run.runId);
    }
    await sleep(Math.min(followDelayMs(poll), left), run.signal);
  }
}

async function look(admin: AdminClient, run: FollowRun, awaiting: FollowedReceipt[], at: Date) {
  const created = awaiting.map((r) => Date.parse(r.createdAt));
  const chainIds = [...new Set(awaiting.map((r) => r.chainId))].sort().join(",");
  const open = await walk(admin, run, {
    deliveryStatuses: "failed,pending",
    chainIds,
    since: String(Math.floor(Math.min(...created) / 1000)),
    until: String(Math.floor(Math.max(...created) / 1000) + 1),
  });
  // Without every open event read, "no longer open" cannot be told from "not read": wait for the next look.
  if (!open.complete) return;
  let seen = observe(awaiting, { open: open.rows });
  const unmoved = awaiting.filter((r) => {
    const o = seen.get(r.eventId);
    return o?.outcome === "awaiting" && o.rowId === null;
  });
  if (unmoved.length > 0) {
    const sent = Math.min(...unmoved.map((r) => Date.parse(r.sentAt)));
    const since = await walk(admin, run, { chainIds, since: String(Math.floor(sent / 1000)) });
    seen = new Map([...seen, ...observe(unmoved, { open: open.rows, since: since.rows })]);
  }
  await recordObservations(run.runId, seen, at);
}

async function walk(
  admin: AdminClient,
  run: FollowRun,
  query: Record<string, string>,
): Promise<{ rows: AlertEvent[]; complete: boolean }> {
  const rows: AlertEvent[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    run.signal.throwIfAborted();
    const answer = await admin.alerts.webhooks.events(
      run.webhookId,
      { eventTypes: "EIP_155_TX_V1", ...query, limit: String(PAGE), ...(cursor ? { cursor } : {}) },
      { signal: run.signal, priority: "background" },
    );
    rows.push(...answer.data);
    const next = answer.metadata.cursor;
    if (!next || answer.data.length === 0 || next === cursor) return { rows, complete: true };
    cursor = next;
  }
  return { rows, complete: false };
}
