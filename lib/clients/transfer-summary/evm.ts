import { decodeFunctionData, erc20Abi, type Hex } from "viem";
import type { EvmBuildTransactionResponse } from "../../contracts";
import { addressesEqual } from "../addresses";
import {
  baseUnits,
  humanAmount,
  sameDecimal,
  type SummaryRow,
  type TransferRequest,
  type TransferSummary,
} from "./types";

type Erc20Call = { recipient: string; raw: bigint } | { error: string };

function decodeTransfer(data: string): Erc20Call {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data: data as Hex });
    if (call.functionName !== "transfer") return { error: `calls ${call.functionName}, not transfer` };
    const [recipient, raw] = call.args;
    return { recipient, raw };
  } catch {
    return { error: "not an ERC-20 call" };
  }
}

/**
 * An ERC-20 transfer is a call to the token contract (the transaction's `to`) whose calldata names
 * the recipient and the amount; a native transfer pays `to` the `value`. The recipient and amount
 * are read from the transaction itself, since that is what gets signed, and checked against the
 * metadata and the request.
 */
export function summarizeEvm(
  response: EvmBuildTransactionResponse,
  request: TransferRequest,
  context: { nativeSymbol: string; clientFrom?: string; fromLabel?: string },
): TransferSummary {
  const { transaction: tx, metadata: meta } = response;
  const data = tx.data && tx.data !== "0x" ? tx.data : undefined;
  const call = data ? decodeTransfer(data) : undefined;
  const erc20 = call && "recipient" in call ? call : undefined;

  const recipient = data ? erc20?.recipient : tx.to;
  const raw = erc20?.raw ?? (data ? undefined : baseUnits(tx.value)) ?? baseUnits(meta.rawAmount);
  const symbol = meta.tokenSymbol ?? (data ? undefined : context.nativeSymbol);
  const human = meta.formattedAmount ?? meta.amount ?? humanAmount(raw, meta.tokenDecimals);
  const fromLabel = context.fromLabel ?? "From";

  const rows: SummaryRow[] = [
    tx.from
      ? { label: fromLabel, value: tx.from, mono: true }
      : { label: fromLabel, value: context.clientFrom ?? "—", mono: true, source: "client record" },
    recipient
      ? { label: "To (recipient)", value: recipient, mono: true }
      : { label: "To (recipient)", value: request.to, mono: true, source: "request" },
  ];
  if (data) rows.push({ label: "Token contract", value: tx.to, mono: true });
  rows.push(
    symbol
      ? { label: "Token", value: data ? symbol : `${symbol} (native)` }
      : { label: "Token", value: request.tokenLabel, source: "request" },
  );
  rows.push(
    human
      ? { label: "Amount", value: `${human} ${symbol ?? request.tokenLabel}` }
      : { label: "Amount", value: `${request.amount} ${request.tokenLabel}`, source: "request" },
  );
  if (raw !== undefined) rows.push({ label: "Amount (base units)", value: raw.toString(), mono: true });
  if (!data && tx.value) {
    const wei = baseUnits(tx.value);
    const shown = wei !== undefined && tx.value.startsWith("0x") ? `${wei.toString()} (${tx.value})` : tx.value;
    rows.push({ label: "Value (wei)", value: shown, mono: true });
  }
  if (data) {
    rows.push({ label: "Calldata", value: data, mono: true });
    rows.push({
      label: "Decoded",
      value: erc20
        ? `transfer(${erc20.recipient}, ${erc20.raw.toString()})${human ? ` = ${human} ${symbol ?? ""}`.trimEnd() : ""}`
        : (call as { error: string }).error,
      mono: true,
    });
  }

  const mismatches: string[] = [];
  if (data && !erc20)
    mismatches.push(`The calldata is ${(call as { error: string }).error}: this is not a plain token transfer.`);
  if (recipient && !addressesEqual("eip155", recipient, request.to))
    mismatches.push(`The transaction pays ${recipient}, not the recipient entered (${request.to}).`);
  const metaRaw = baseUnits(meta.rawAmount);
  if (raw !== undefined && metaRaw !== undefined && raw !== metaRaw)
    mismatches.push(`The transaction moves ${raw} base units but the metadata says ${metaRaw}.`);
  if (human && !sameDecimal(human, request.amount))
    mismatches.push(`The transaction moves ${human}, not the amount entered (${request.amount}).`);
  return { rows, mismatches };
}
