/** How an action moves on: broadcast transactions by their receipts, then the action by its transactions. */
import type { Address, Hex } from "viem";
import { userOperationEvents } from "../aa";
import type { YieldContext } from "./context";
import type { ActionStatus, StoredAction } from "./store";

interface Receipt {
  status: Hex;
  transactionHash: Hex;
  logs: {
    address: Address;
    topics: Hex[];
    data: Hex;
    logIndex: Hex;
    transactionHash: Hex;
    blockHash: Hex;
    blockNumber: Hex;
  }[];
}

export async function refreshAction(context: YieldContext, action: StoredAction): Promise<void> {
  // A stale action stays stale: the provider gave up on it.
  if (action.status === "STALE") return;
  let changed = false;
  for (const tx of action.transactions) {
    if (tx.status !== "BROADCASTED" || !tx.hash) continue;
    const receipt = (await context.chains.request(action.reference, "eth_getTransactionReceipt", [
      tx.hash,
    ])) as Receipt | null;
    if (!receipt) continue;
    let ok = receipt.status === "0x1";
    let error = ok ? null : "The transaction reverted";
    if (ok && tx.userOpHash) {
      const event = userOperationEvents(receipt).find(
        (e) => e.userOpHash.toLowerCase() === tx.userOpHash?.toLowerCase(),
      );
      ok = event?.success === true;
      if (!ok) error = event ? "The user operation's call reverted" : "The bundle does not include the user operation";
    }
    tx.status = ok ? "CONFIRMED" : "FAILED";
    tx.error = error;
    tx.confirmedAt = new Date(context.now()).toISOString();
    changed = true;
  }
  const status = staleAt(context, action) ? "STALE" : actionStatus(action);
  if (status !== action.status) {
    action.status = status;
    if (status === "SUCCESS" || status === "FAILED") action.completedAt = new Date(context.now()).toISOString();
    changed = true;
  }
  if (changed) context.store.changed();
}

/** Whether the action went longer than the stale period without a reported hash or a confirmation. */
function staleAt(context: YieldContext, action: StoredAction): boolean {
  if (context.staleMs === undefined) return false;
  const status = actionStatus(action);
  if (status === "SUCCESS" || status === "FAILED") return false;
  const progress = Math.max(
    Date.parse(action.createdAt),
    ...action.transactions.flatMap((t) =>
      [t.broadcastedAt, t.confirmedAt].filter(Boolean).map((d) => Date.parse(d as string)),
    ),
  );
  return context.now() - progress > context.staleMs;
}

function actionStatus(action: StoredAction): ActionStatus {
  const steps = action.transactions.filter((t) => t.status !== "SKIPPED");
  if (steps.some((t) => t.status === "FAILED")) return "FAILED";
  if (steps.length > 0 && steps.every((t) => t.status === "CONFIRMED")) return "SUCCESS";
  if (steps.some((t) => t.status !== "CREATED")) return "PROCESSING";
  return "CREATED";
}
