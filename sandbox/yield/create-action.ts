/**
 * Steps → a stored action: each step becomes an unsigned transaction with the chain's fees, a gas limit
 * estimated where the call can run as things stand, and consecutive nonces for an EOA client.
 */
import { randomUUID } from "node:crypto";
import { type Address, formatEther, formatUnits, toHex } from "viem";
import { nativeTokenOf } from "../admin/native-tokens";
import { estimateGas, suggestFees } from "../chain/fees";
import type { ClientRecord } from "../types";
import type { Opportunity } from "./catalogue";
import { type YieldContext, requesterOf } from "./context";
import { usdValue } from "./prices";
import type { Step } from "./steps";
import type { StoredAction, StoredTransaction } from "./store";

/** Extra gas on an estimated limit: an account-abstracted call runs inside execute(), behind the 63/64 rule. */
const AA_CALL_OVERHEAD = 30_000n;

export interface ActionRequest {
  client: ClientRecord;
  opportunity: Opportunity;
  address: Address;
  intent: StoredAction["intent"];
  type: string;
  steps: Step[];
  raw: bigint;
  rawArguments: Record<string, unknown> | null;
}

export async function createAction(context: YieldContext, req: ActionRequest): Promise<StoredAction> {
  const { client, opportunity: o, address } = req;
  const request = requesterOf(context, o.reference);
  const accountAbstracted = client.isAccountAbstracted;
  const fees = await suggestFees(request);
  let nonce = accountAbstracted ? undefined : Number(await request("eth_getTransactionCount", [address, "pending"]));
  const createdAt = new Date(context.now()).toISOString();
  const native = nativeTokenOf(o.chainId);
  const transactions: StoredTransaction[] = [];
  let dependsOnEarlier = false;
  for (const [stepIndex, step] of req.steps.entries()) {
    const base = {
      id: randomUUID(),
      stepIndex,
      type: step.type,
      title: step.title,
      description: step.description,
      annotation: step.annotation,
      hash: null,
      userOpHash: null,
      createdAt,
      broadcastedAt: null,
      confirmedAt: null,
      error: null,
    };
    if (step.skipped) {
      transactions.push({ ...base, status: "SKIPPED", unsigned: null, expected: null, gasEstimate: null });
      continue;
    }
    let gas = step.fallbackGas;
    if (!dependsOnEarlier) {
      try {
        gas =
          (await estimateGas(request, { from: address, to: step.to, data: step.data, value: step.value })) +
          (accountAbstracted ? AA_CALL_OVERHEAD : 0n);
      } catch {
        // The call reverts as things stand (e.g. it needs an earlier step): the fallback limit is used.
      }
    }
    dependsOnEarlier = true;
    const unsigned: Record<string, string | number> = {
      from: address,
      to: step.to,
      data: step.data,
      value: toHex(step.value),
      gasLimit: toHex(gas),
      maxFeePerGas: toHex(fees.maxFeePerGas),
      maxPriorityFeePerGas: toHex(fees.maxPriorityFeePerGas),
      chainId: o.reference,
    };
    if (nonce !== undefined) unsigned.nonce = nonce++;
    transactions.push({
      ...base,
      status: "CREATED",
      unsigned,
      expected: { to: step.to, data: step.data, value: step.value.toString() },
      gasEstimate: JSON.stringify({
        amount: formatEther(gas * fees.maxFeePerGas),
        gasLimit: gas.toString(),
        token: native.symbol,
      }),
    });
  }
  const amount = formatUnits(req.raw, o.token.decimals);
  const action: StoredAction = {
    id: randomUUID(),
    clientId: client.id,
    intent: req.intent,
    type: req.type,
    yieldId: o.id,
    reference: o.reference,
    address,
    accountAbstracted,
    amount,
    amountRaw: req.raw.toString(),
    amountUsd: usdValue(amount, o.token.symbol),
    rawArguments: req.rawArguments,
    createdAt,
    completedAt: null,
    status: "CREATED",
    transactions,
  };
  context.store.add(action);
  return action;
}
