"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { Gift } from "lucide-react";
import Link from "next/link";
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import {
  filterPending,
  pendingChoices,
  pendingCountWords,
  type PendingPage,
  type PendingRow,
} from "@/lib/yield/pending";
import { enumWords as words, withUnit } from "@/lib/yield/words";
import { pendingParsers } from "@/lib/yield/search-params";
import { ManageDialog, type PendingChoice } from "./manage-dialog";

export function usePendingActions() {
  return useQuery({
    queryKey: queryKeys.yield.pending(),
    queryFn: () => fetchJson<PendingPage>("/api/yield/pending"),
  });
}

function columns(canAct: boolean, onManage: (row: PendingRow) => void): ColumnDef<PendingRow, unknown>[] {
  return [
    {
      id: "client",
      header: "Client",
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <Link
            href={`/yield?client=${encodeURIComponent(row.original.clientId)}&tab=positions`}
            className="font-mono text-xs text-accent underline underline-offset-2"
            title={row.original.clientId}
          >
            {shortAddress(row.original.clientId, 8, 4)}
          </Link>
          {row.original.isAccountAbstracted ? <Badge>account-abstracted</Badge> : null}
        </span>
      ),
    },
    {
      id: "yield",
      header: "Yield",
      meta: { fill: true },
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs break-all">{row.original.yieldId}</span>
          <span className="text-xs text-muted">{chainLabel(row.original.network)}</span>
        </span>
      ),
    },
    {
      id: "action",
      header: "Pending action",
      cell: ({ row }) => <Badge tone="accent">{words(row.original.action)}</Badge>,
    },
    {
      id: "amount",
      header: "Amount",
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium tabular" data-testid="pending-amount">
            {withUnit(row.original.amount, row.original.symbol)}
          </span>
          <span className="text-xs text-muted">{row.original.balanceType}</span>
        </span>
      ),
    },
    {
      id: "since",
      header: "Available since",
      cell: ({ row }) =>
        row.original.since ? (
          <time className="tabular text-xs" dateTime={row.original.since}>
            {row.original.since.replace("T", " ").slice(0, 16)} UTC
          </time>
        ) : (
          <span className="text-xs text-muted">now (accruing)</span>
        ),
    },
    {
      id: "manage",
      header: "",
      cell: ({ row }) =>
        canAct ? (
          <Button size="sm" onClick={() => onManage(row.original)}>
            Manage…
          </Button>
        ) : null,
    },
  ];
}

/** Every test client's pending actions, filtered by client, network and type (in the URL), each runnable. */
export function PendingView({ canAct }: { canAct: boolean }) {
  const data = usePendingActions();
  const [filters, setFilters] = useQueryStates(pendingParsers, { history: "push" });
  const [choice, setChoice] = useState<PendingChoice>();
  const cols = useMemo(
    () =>
      columns(canAct, (r) =>
        setChoice({
          clientId: r.clientId,
          isAccountAbstracted: r.isAccountAbstracted,
          yieldId: r.yieldId,
          name: r.yieldId,
          action: r.action,
          balanceType: r.balanceType,
          amount: r.amount,
          symbol: r.symbol,
        }),
      ),
    [canAct],
  );
  if (data.isPending) return <TableSkeleton rows={5} columns={6} />;
  if (data.isError)
    return <ErrorState message={data.error.message} error={data.error} onRetry={() => void data.refetch()} />;
  const page = data.data;
  const choices = pendingChoices(page.rows);
  const shown = filterPending(page.rows, filters);
  const select = (key: keyof typeof pendingParsers, value: string) => void setFilters({ [key]: value || null });
  return (
    <div className="space-y-4">
      <form
        aria-label="Filter pending actions"
        className="grid gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="pending-client" label="Client">
          <Select id="pending-client" value={filters.client ?? ""} onChange={(e) => select("client", e.target.value)}>
            <option value="">Every test client</option>
            {choices.clients.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pending-network" label="Network">
          <Select
            id="pending-network"
            value={filters.network ?? ""}
            onChange={(e) => select("network", e.target.value)}
          >
            <option value="">Every network</option>
            {choices.networks.map((n) => (
              <option key={n} value={n}>
                {chainLabel(n)} ({n})
              </option>
            ))}
          </Select>
        </Field>
        <Field id="pending-type" label="Action">
          <Select id="pending-type" value={filters.type ?? ""} onChange={(e) => select("type", e.target.value)}>
            <option value="">Every action</option>
            {choices.types.map((t) => (
              <option key={t} value={t}>
                {words(t)}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      <p className="text-sm text-muted" role="status" data-testid="pending-count">
        {pendingCountWords(shown.length, page.rows.length)}, across {page.clients.toLocaleString("en")} test{" "}
        {page.clients === 1 ? "client" : "clients"} with a wallet
        {page.truncated ? " (the newest 50; older test clients are not read)" : ""}.
      </p>
      {page.errors.length > 0 ? (
        <div role="alert" className="rounded border border-warning/40 bg-warning-soft p-3 text-sm">
          <p className="font-medium">Some clients&apos; positions could not be read:</p>
          <ul className="mt-1 list-disc pl-5">
            {page.errors.map((e) => (
              <li key={e.clientId}>
                <span className="font-mono text-xs">{e.clientId}</span>: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown.length === 0 ? (
        <EmptyState title="No pending action" icon={<Gift className="size-6" aria-hidden />}>
          {page.rows.length === 0
            ? "No test client has rewards to claim or an exit to withdraw. Enter a staking yield from the yield page; its rewards show up here as they accrue."
            : "None matches these filters."}
        </EmptyState>
      ) : (
        <DataTable
          caption="Pending actions of the test clients"
          columns={cols}
          data={shown}
          getRowId={(r) => `${r.clientId}-${r.yieldId}-${r.balanceType}-${r.action}`}
        />
      )}
      <ManageDialog choice={choice} onClose={() => setChoice(undefined)} />
    </div>
  );
}
