"use client";
import { summarizeBitcoin, type TransferRequest } from "@/lib/clients/transfer-summary";
import type { BitcoinBuildTransactionResponse } from "@/lib/contracts";
import { SummaryList } from "./summary-list";

export function BitcoinSummary({
  response,
  request,
}: {
  response: BitcoinBuildTransactionResponse;
  request: TransferRequest;
}) {
  return <SummaryList summary={summarizeBitcoin(response, request)} title="Transaction summary" />;
}
