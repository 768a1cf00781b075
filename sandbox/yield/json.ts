/** The API's shapes of an action and its transactions (api-shapes §4.4, §4.5). */
import { formatCaip2 } from "@/lib/chains";
import { NETWORK_SLUGS } from "./catalogue-data";
import type { StoredAction, StoredTransaction } from "./store";

/** The transaction object of the API (api-shapes §4.5): id and transactionId, unsignedTransaction as a JSON string. */
export function transactionJson(action: StoredAction, tx: StoredTransaction) {
  return {
    id: tx.id,
    transactionId: tx.id,
    title: tx.title,
    network: NETWORK_SLUGS[action.reference] ?? formatCaip2("eip155", action.reference),
    status: tx.status,
    type: tx.type,
    hash: tx.hash,
    createdAt: tx.createdAt,
    broadcastedAt: tx.broadcastedAt,
    signedTransaction: null,
    unsignedTransaction: tx.unsigned === null ? null : JSON.stringify(tx.unsigned),
    annotatedTransaction: tx.annotation,
    stepIndex: tx.stepIndex,
    description: tx.description,
    error: tx.error,
    gasEstimate: tx.gasEstimate,
    explorerUrl: null,
    isMessage: false,
  };
}

/** The action object of the API (api-shapes §4.4). */
export function actionJson(action: StoredAction) {
  return {
    id: action.id,
    intent: action.intent,
    type: action.type,
    yieldId: action.yieldId,
    address: action.address,
    amount: action.amount,
    amountRaw: action.amountRaw,
    amountUsd: action.amountUsd,
    transactions: action.transactions.map((tx) => transactionJson(action, tx)),
    executionPattern: "synchronous",
    rawArguments: action.rawArguments,
    createdAt: action.createdAt,
    completedAt: action.completedAt,
    status: action.status,
  };
}
