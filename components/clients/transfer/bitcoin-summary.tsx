"use client";
import type { BitcoinBuildTransactionResponse } from "@/lib/contracts";
import { summarizeBitcoin, type TransferRequest } from "@/lib/clients/transfer-summary";
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
