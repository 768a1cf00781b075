"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import type { AssetsResponse, Client } from "@/lib/contracts";
import { resolveAssetsChain } from "@/lib/chains";
import { shortAddress } from "@/lib/format";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { ChainPicker } from "./chain-picker";

export function AssetsTab({ client }: { client: Client }) {
  const [chain, setChain] = useState(client.metadata.namespaces.eip155 ? "sepolia" : "");
  const assets = useQuery({
    queryKey: queryKeys.clients.assets(client.id, chain),
    queryFn: () =>
      fetchJson<AssetsResponse>(
        `/api/clients/${encodeURIComponent(client.id)}/assets?chain=${encodeURIComponent(chain)}`,
      ),
    enabled: chain !== "",
  });
  return (
    <section aria-label="Assets" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ChainPicker table="assets" value={chain} onChange={setChain} />
        <Button onClick={() => void assets.refetch()} disabled={chain === "" || assets.isFetching}>
          <RotateCw className={`size-4 ${assets.isFetching ? "animate-spin" : ""}`} aria-hidden /> Refresh
        </Button>
      </div>
      {chain === "" ? (
        <EmptyState title="Choose a chain">
          Balances are read per chain; the chain id goes into the request path URI-encoded.
        </EmptyState>
      ) : assets.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : assets.isError ? (
        <ErrorState message={assets.error.message} onRetry={() => void assets.refetch()} />
      ) : (
        <BalancesTable data={assets.data} chainId={resolveAssetsChain(chain) ?? chain} />
      )}
    </section>
  );
}

function BalancesTable({ data, chainId }: { data: AssetsResponse; chainId: string }) {
  const rows = [
    {
      kind: "Native",
      symbol: data.nativeBalance.symbol,
      name: data.nativeBalance.name,
      balance: data.nativeBalance.balance,
      raw: data.nativeBalance.rawBalance,
      decimals: data.nativeBalance.decimals,
      contract: null as string | null,
    },
    ...data.tokenBalances.map((t) => ({
      kind: "Token",
      symbol: t.symbol,
      name: t.name,
      balance: t.balance,
      raw: t.rawBalance,
      decimals: t.decimals,
      contract: t.metadata.tokenAddress,
    })),
  ];
  return (
    <div className="overflow-x-auto rounded border border-border bg-surface">
      <table className="w-full text-sm">
        <caption className="sr-only">Balances on {chainId}</caption>
        <thead className="bg-surface-2 text-left text-xs text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Asset
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Raw amount
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Decimals
            </th>
            <th scope="col" className="px-3 py-2">
              Contract
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}-${r.contract ?? r.symbol}`} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                <span className="font-medium">{r.symbol}</span> <span className="text-muted">{r.name}</span>
                {r.kind === "Native" ? <span className="ml-1 text-xs text-muted">(native)</span> : null}
              </th>
              <td className="px-3 py-2 text-right tabular">{r.balance}</td>
              <td className="px-3 py-2 text-right font-mono text-xs tabular">{r.raw}</td>
              <td className="px-3 py-2 text-right tabular">{r.decimals}</td>
              <td className="px-3 py-2 font-mono text-xs">
                {r.contract ? (
                  <span className="inline-flex items-center gap-0.5" title={r.contract}>
                    {shortAddress(r.contract)}
                    <CopyButton value={r.contract} label={`${r.symbol} contract`} />
                  </span>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.tokenBalances.length === 0 ? (
        <p className="border-t border-border px-3 py-2 text-xs text-muted">No token balances on this chain.</p>
      ) : null}
    </div>
  );
}
