"use client";
import { Download, FileWarning } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { saveFile } from "@/components/ui/save-file";
import { chainFamily, chainInfo, chainLabel, type Caip2Id } from "@/lib/chains";
import { sendingAddress } from "@/lib/clients/addresses";
import type { ClientView } from "@/lib/clients/client-view";
import type { TransferRequest } from "@/lib/clients/transfer-summary";
import { buildTransactionResponseSchemaFor } from "@/lib/contracts";
import { BitcoinSummary } from "./bitcoin-summary";
import { EvmSummary } from "./evm-summary";
import { SolanaSummary } from "./solana-summary";

export interface Built {
  chainId: Caip2Id;
  result: Record<string, unknown>;
  request: TransferRequest;
}

function Summary({ built, client }: { built: Built; client: ClientView }) {
  const family = chainFamily(built.chainId);
  const clientFrom = family
    ? sendingAddress(client.derived.addresses, family, chainInfo(built.chainId)?.testnet ?? false)?.address
    : undefined;
  const unreadable = (
    <p className="rounded border border-border p-3 text-sm text-muted">
      No summary: the response does not have the documented shape for this chain. Check the JSON below.
    </p>
  );
  if (family === "eip155") {
    const parsed = buildTransactionResponseSchemaFor("eip155").safeParse(built.result);
    return parsed.success ? (
      <EvmSummary
        response={parsed.data}
        request={built.request}
        chainId={built.chainId}
        clientFrom={clientFrom}
        smartAccount={client.isAccountAbstracted}
      />
    ) : (
      unreadable
    );
  }
  if (family === "solana") {
    const parsed = buildTransactionResponseSchemaFor("solana").safeParse(built.result);
    return parsed.success ? (
      <SolanaSummary response={parsed.data} request={built.request} chainId={built.chainId} clientFrom={clientFrom} />
    ) : (
      unreadable
    );
  }
  if (family === "bip122") {
    const parsed = buildTransactionResponseSchemaFor("bip122").safeParse(built.result);
    return parsed.success ? <BitcoinSummary response={parsed.data} request={built.request} /> : unreadable;
  }
  return (
    <p className="rounded border border-border p-3 text-sm text-muted">
      No summary: the API&apos;s transaction shape for {chainLabel(built.chainId)} is not documented.
    </p>
  );
}

/** The unsigned result: marked as unsigned, summarised for its family, and the full JSON to copy or save. */
export function BuiltTransfer({ built, client }: { built: Built; client: ClientView }): ReactNode {
  const json = JSON.stringify(built.result, null, 2);
  const download = () =>
    saveFile(`unsigned-transfer-${client.id}-${built.chainId.replace(/[^a-z0-9]+/gi, "-")}.json`, json);
  return (
    <div className="min-w-0 space-y-3" data-testid="built-transfer">
      <p className="flex items-start gap-2 rounded border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
        <FileWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
        Unsigned. Nothing was sent: this transaction must be signed (e.g. by the client&apos;s MPC wallet) and broadcast
        elsewhere.
      </p>
      <h3 className="text-sm font-semibold">
        Summary <span className="font-normal text-muted">({chainLabel(built.chainId)})</span>
      </h3>
      <Summary built={built} client={client} />
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Response JSON</h3>
        <CopyButton value={json} label="transaction JSON" />
        <Button size="sm" onClick={download}>
          <Download className="size-3.5" aria-hidden /> Download JSON
        </Button>
      </div>
      <pre
        className="max-h-96 overflow-auto rounded border border-border bg-surface-2 p-3 font-mono text-xs"
        aria-label="Unsigned transaction JSON"
        tabIndex={0}
        data-scrolls-inside
      >
        {json}
      </pre>
    </div>
  );
}
