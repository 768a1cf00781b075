/**
 * PUT /transactions/{id}/submit-hash with the spec's processing rules: the hash must be the expected call
 * from the action's address (for an account-abstracted client, a user operation of its smart account in
 * the bundle), and steps are confirmed one at a time in stepIndex order.
 */
import { type Hex, getAddress } from "viem";
import { ENTRY_POINT, decodeExecute, decodeHandleOps, userOperationHash } from "../aa";
import { badRequest } from "../http/errors";
import { type RpcTransaction, type YieldContext, requesterOf } from "./context";
import { refreshAction } from "./progress";
import type { StoredAction, StoredTransaction } from "./store";

const EVM_HASH = /^0x[0-9a-fA-F]{64}$/;

type Found = { action: StoredAction; tx: StoredTransaction };

/** Call with the action's lock held: two concurrent reports of a step cannot both be accepted. */
export async function submitHashLocked(context: YieldContext, found: Found, hash: string): Promise<Found> {
  const { action, tx } = found;
  if (!EVM_HASH.test(hash)) throw badRequest("hash: expected a 0x-prefixed 32-byte transaction hash");
  if (tx.status === "SKIPPED")
    throw badRequest(`Transaction ${tx.id} (${tx.title}) was skipped: there is nothing to submit`);
  if (tx.status !== "CREATED") {
    // A repeated report of the same hash (a retried PUT) is answered with the transaction as it is.
    if (tx.hash?.toLowerCase() === hash.toLowerCase()) return found;
    throw badRequest(`Transaction ${tx.id} is already ${tx.status} with hash ${tx.hash}`);
  }
  const other = context.store.transactionOfHash(action.reference, hash);
  if (other) throw badRequest(`hash: ${hash} was already reported for transaction ${other}`);
  await refreshAction(context, action);
  if (action.status === "STALE")
    throw badRequest(
      `Action ${action.id} is STALE: nothing was reported for it for longer than the provider keeps an action waiting; create a new action`,
    );
  const before = action.transactions
    .filter((t) => t.stepIndex < tx.stepIndex && t.status !== "SKIPPED")
    .sort((a, b) => b.stepIndex - a.stepIndex)[0];
  if (before && before.status !== "CONFIRMED")
    throw badRequest(
      `Transaction ${tx.id} (step ${tx.stepIndex}) cannot be submitted before step ${before.stepIndex} (${before.title}) is confirmed; it is ${before.status}`,
    );

  const request = requesterOf(context, action.reference);
  const onChain = (await request("eth_getTransactionByHash", [hash])) as RpcTransaction | null;
  if (!onChain) throw badRequest(`hash: no transaction ${hash} on eip155:${action.reference}`);
  const userOpHash = action.accountAbstracted
    ? matchUserOperation(action, tx, onChain)
    : matchTransaction(action, tx, onChain);

  tx.status = "BROADCASTED";
  tx.hash = hash.toLowerCase() as Hex;
  tx.userOpHash = userOpHash;
  tx.broadcastedAt = new Date(context.now()).toISOString();
  action.status = "PROCESSING";
  context.store.recordHash(action.reference, hash, tx.id);
  return found;
}

/** An EOA client's hash: sent from the action's address, to the expected contract, with the expected call. */
function matchTransaction(action: StoredAction, tx: StoredTransaction, onChain: RpcTransaction): null {
  const expected = tx.expected;
  if (!expected) throw badRequest(`Transaction ${tx.id} has nothing to submit`);
  if (onChain.from.toLowerCase() !== action.address.toLowerCase())
    throw badRequest(
      `hash: the transaction was sent from ${getAddress(onChain.from)}, not from the action's address ${action.address}`,
    );
  if (onChain.to?.toLowerCase() !== expected.to.toLowerCase())
    throw badRequest(
      `hash: the transaction was sent to ${onChain.to ?? "no address (a deployment)"}, not to ${expected.to} (${tx.title})`,
    );
  if (onChain.input.toLowerCase() !== expected.data.toLowerCase())
    throw badRequest(`hash: the transaction's calldata is not that of ${tx.title} (${tx.annotation.method})`);
  if (BigInt(onChain.value) !== BigInt(expected.value))
    throw badRequest(
      `hash: the transaction carries ${BigInt(onChain.value)} wei; ${tx.title} carries ${expected.value}`,
    );
  return null;
}

/**
 * An account-abstracted client's hash is the bundle's transaction (eth_getUserOperationReceipt's
 * receipt.transactionHash): it must call the EntryPoint with a user operation of the action's smart
 * account whose call is the expected one. Returns that operation's hash.
 */
function matchUserOperation(action: StoredAction, tx: StoredTransaction, onChain: RpcTransaction): Hex {
  const expected = tx.expected;
  if (!expected) throw badRequest(`Transaction ${tx.id} has nothing to submit`);
  if (onChain.to?.toLowerCase() !== ENTRY_POINT.toLowerCase())
    throw badRequest(
      `hash: for an account-abstracted client the hash is the bundle transaction of a user operation (to the EntryPoint ${ENTRY_POINT}); this one was sent to ${onChain.to}`,
    );
  const ops = decodeHandleOps(onChain.input) ?? [];
  const mine = ops.filter((op) => op.sender.toLowerCase() === action.address.toLowerCase());
  if (mine.length === 0)
    throw badRequest(`hash: the bundle has no user operation of the smart account ${action.address}`);
  const match = mine.find((op) => {
    const call = decodeExecute(op.callData);
    return (
      call &&
      call.to.toLowerCase() === expected.to.toLowerCase() &&
      call.data.toLowerCase() === expected.data.toLowerCase() &&
      call.value === BigInt(expected.value)
    );
  });
  if (!match)
    throw badRequest(
      `hash: the user operation of ${action.address} in that bundle does not make the call of ${tx.title} (${tx.annotation.method})`,
    );
  return userOperationHash(match, ENTRY_POINT, action.reference);
}
