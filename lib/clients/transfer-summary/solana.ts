import type { SolanaBuildTransactionResponse } from "../../contracts";
import { addressesEqual } from "../addresses";
import {
  humanAmount,
  sameDecimal,
  baseUnits,
  type SummaryRow,
  type TransferRequest,
  type TransferSummary,
} from "./types";

/**
 * Solana's `transaction` is an opaque base64 message; the metadata says who pays whom. The custodian
 * variant of the response has only the amount and the mint, so the sender falls back to the
 * message's fee payer (its first account key) and the recipient to the request, each marked.
 */
export function summarizeSolana(
  response: SolanaBuildTransactionResponse,
  request: TransferRequest,
  context: { nativeSymbol: string; clientFrom?: string },
): TransferSummary {
  const meta = response.metadata;
  const message = meta.unsignedTransaction?.message;
  const loose = meta as Record<string, unknown>;
  const mint =
    (typeof loose.tokenMintAddress === "string" ? loose.tokenMintAddress : undefined) ?? meta.mintAddress ?? undefined;
  const symbol = mint ? undefined : context.nativeSymbol;
  const raw = baseUnits(meta.rawAmount);
  const human = meta.amount || humanAmount(raw, meta.tokenDecimals);
  const feePayer = message?.accountKeys[0];

  const rows: SummaryRow[] = [];
  if (meta.fromAddress) rows.push({ label: "From", value: meta.fromAddress, mono: true });
  else if (feePayer) rows.push({ label: "From", value: feePayer, mono: true, source: "unsigned message" });
  else rows.push({ label: "From", value: context.clientFrom ?? "—", mono: true, source: "client record" });
  rows.push(
    meta.toAddress
      ? { label: "To (recipient)", value: meta.toAddress, mono: true }
      : { label: "To (recipient)", value: request.to, mono: true, source: "request" },
  );
  if (mint) rows.push({ label: "Token mint", value: mint, mono: true });
  // The response names a mint, never a symbol: the symbol is the one the form chose.
  rows.push(
    symbol
      ? { label: "Token", value: `${symbol} (native)` }
      : { label: "Token", value: request.tokenLabel, source: "request" },
  );
  rows.push(
    human
      ? { label: "Amount", value: `${human} ${symbol ?? request.tokenLabel}` }
      : { label: "Amount", value: `${request.amount} ${request.tokenLabel}`, source: "request" },
  );
  if (raw !== undefined) rows.push({ label: "Amount (base units)", value: raw.toString(), mono: true });
  if (meta.lastValidBlockHeight)
    rows.push({ label: "Valid until block", value: meta.lastValidBlockHeight, mono: true });
  if (message) rows.push({ label: "Instructions", value: String(message.instructions.length) });

  const mismatches: string[] = [];
  if (meta.toAddress && !addressesEqual("solana", meta.toAddress, request.to))
    mismatches.push(`The transaction pays ${meta.toAddress}, not the recipient entered (${request.to}).`);
  if (meta.fromAddress && feePayer && meta.fromAddress !== feePayer)
    mismatches.push(`The fee payer of the message (${feePayer}) is not the sender the metadata names.`);
  if (human && !sameDecimal(human, request.amount))
    mismatches.push(`The transaction moves ${human}, not the amount entered (${request.amount}).`);
  return { rows, mismatches };
}
