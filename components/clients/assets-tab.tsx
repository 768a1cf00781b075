"use client";
import { RotateCw } from "lucide-react";
import { useQueryState } from "nuqs";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { assetsChainFromUrl } from "@/lib/clients/assets-url";
import { clientDetailSearchParams } from "@/lib/clients/search-params";
import type { AssetsResponse, Client } from "@/lib/contracts";
import { AllBalancesView } from "./all-balances";
import { assetColumns, type BalanceRow } from "./assets-columns";
import { ChainPicker } from "./chain-picker";
import { useAllBalances } from "./use-all-balances";
import { useClientAssets } from "./use-client-assets";

export function AssetsTab({ client }: { client: Client }) {
  // The chain is in the URL (?chain=), so a reload or a shared link shows the same balances; without
  // one, every chain the client has a wallet on, in one view.
  const [param, setParam] = useQueryState("chain", clientDetailSearchParams.chain);
  const fromUrl = assetsChainFromUrl(param);
  const chainId = fromUrl.chainId;
  const one = useClientAssets(client.id, chainId);
  const all = useAllBalances(client.id, chainId === undefined);
  const shown = chainId ? one : all;
  return (
    <section aria-label="Assets" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ChainPicker
          table="assets"
          value={chainId ?? ""}
          allOption="All chains with a balance"
          onChange={(v) => void setParam(v || null)}
        />
        <Button onClick={() => void shown.refetch()} disabled={shown.isFetching}>
          <RotateCw className={`size-4 ${shown.isFetching ? "animate-spin" : ""}`} aria-hidden /> Refresh
        </Button>
      </div>
      {fromUrl.rejected !== undefined ? (
        <p role="status" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm text-warning">
          The link asks for the chain “<span className="break-all">{fromUrl.rejected}</span>”, which the balances
          endpoint does not know. Showing every chain instead.
        </p>
      ) : null}
      {chainId ? (
        one.isPending ? (
          <TableSkeleton rows={3} columns={5} />
        ) : one.isError ? (
          <ErrorState message={one.error.message} error={one.error} onRetry={() => void one.refetch()} />
        ) : (
          <BalancesTable data={one.data} chainId={chainId} />
        )
      ) : all.isPending ? (
        <TableSkeleton rows={4} columns={5} />
      ) : all.isError ? (
        <ErrorState message={all.error.message} error={all.error} onRetry={() => void all.refetch()} />
      ) : (
        <AllBalancesView data={all.data} />
      )}
    </section>
  );
}

function BalancesTable({ data, chainId }: { data: AssetsResponse; chainId: string }) {
  const rows: BalanceRow[] = [
    {
      native: true,
      symbol: data.nativeBalance.symbol,
      name: data.nativeBalance.name,
      balance: data.nativeBalance.balance,
      raw: data.nativeBalance.rawBalance,
      decimals: data.nativeBalance.decimals,
      contract: null,
    },
    ...data.tokenBalances.map((t) => ({
      native: false,
      symbol: t.symbol,
      name: t.name,
      balance: t.balance,
      raw: t.rawBalance,
      decimals: t.decimals,
      contract: t.metadata.tokenAddress || null,
    })),
  ];
  const columns = useMemo(() => assetColumns(), []);
  return (
    <div className="space-y-1">
      <DataTable
        columns={columns}
        data={rows}
        caption={`Balances on ${chainLabel(chainId)}`}
        getRowId={(r) => (r.native ? "native" : (r.contract ?? r.symbol))}
      />
      {data.tokenBalances.length === 0 ? (
        <p className="px-1 text-xs text-muted">No token balances on {chainLabel(chainId)}.</p>
      ) : null}
    </div>
  );
}
