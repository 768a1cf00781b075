import type { BitcoinBuildTransactionResponse } from "../../contracts";
import { addressesEqual } from "../addresses";
import { sameDecimal, type SummaryRow, type TransferRequest, type TransferSummary } from "./types";

/** Bitcoin's metadata names everything (api-shapes §1.7); the fee and change are in satoshis. */
export function summarizeBitcoin(response: BitcoinBuildTransactionResponse, request: TransferRequest): TransferSummary {
  const { transaction: tx, metadata: meta } = response;
  const rows: SummaryRow[] = [
    { label: "From", value: meta.fromAddress, mono: true },
    { label: "To (recipient)", value: meta.toAddress, mono: true },
    { label: "Token", value: `${meta.tokenSymbol} (native)` },
    { label: "Amount", value: `${meta.amount} ${meta.tokenSymbol}` },
    { label: "Amount (satoshis)", value: meta.rawAmount, mono: true },
    { label: "Fee (satoshis)", value: meta.feeInSatoshis, mono: true },
    { label: "Change (satoshis)", value: meta.changeInSatoshis, mono: true },
    { label: "Hashes to sign", value: String(tx.signatureHashes.length) },
  ];
  const mismatches: string[] = [];
  if (!addressesEqual("bip122", meta.toAddress, request.to))
    mismatches.push(`The transaction pays ${meta.toAddress}, not the recipient entered (${request.to}).`);
  if (!sameDecimal(meta.amount, request.amount))
    mismatches.push(`The transaction moves ${meta.amount}, not the amount entered (${request.amount}).`);
  return { rows, mismatches };
}
