"use client";
import { chainInfo } from "@/lib/chains";
import { summarizeSolana, type TransferRequest } from "@/lib/clients/transfer-summary";
import type { SolanaBuildTransactionResponse } from "@/lib/contracts";
import { SummaryList } from "./summary-list";

export function SolanaSummary({
  response,
  request,
  chainId,
  clientFrom,
}: {
  response: SolanaBuildTransactionResponse;
  request: TransferRequest;
  chainId: string;
  clientFrom?: string;
}) {
  const summary = summarizeSolana(response, request, {
    nativeSymbol: chainInfo(chainId)?.nativeSymbol ?? "SOL",
    clientFrom,
  });
  return <SummaryList summary={summary} title="Transaction summary" />;
}
