"use client";
import { chainInfo } from "@/lib/chains";
import { summarizeEvm, type TransferRequest } from "@/lib/clients/transfer-summary";
import type { EvmBuildTransactionResponse } from "@/lib/contracts";
import { SummaryList } from "./summary-list";

export function EvmSummary({
  response,
  request,
  chainId,
  clientFrom,
  smartAccount,
}: {
  response: EvmBuildTransactionResponse;
  request: TransferRequest;
  chainId: string;
  clientFrom?: string;
  smartAccount: boolean;
}) {
  const summary = summarizeEvm(response, request, {
    nativeSymbol: chainInfo(chainId)?.nativeSymbol ?? "ETH",
    clientFrom,
    // An account-abstracted client sends from its smart account, as a user operation.
    fromLabel: smartAccount ? "From (smart account)" : "From",
  });
  return <SummaryList summary={summary} title="Transaction summary" />;
}
