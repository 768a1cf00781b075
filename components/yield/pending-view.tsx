"use client";
import { Gift } from "lucide-react";
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Field, Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { filterPending, pendingChoices, pendingCountWords } from "@/lib/yield/pending";
import { pendingParsers } from "@/lib/yield/search-params";
import { enumWords as words } from "@/lib/yield/words";
import { ManageDialog, type PendingChoice } from "./manage-dialog";
import { pendingColumns } from "./pending-columns";
import { usePendingActions } from "./use-yield-reads";

/** Every test client's pending actions, filtered by client, network and type (in the URL), each runnable. */
export function PendingView({ canAct }: { canAct: boolean }) {
  const data = usePendingActions();
  const [filters, setFilters] = useQueryStates(pendingParsers, { history: "push" });
  const [choice, setChoice] = useState<PendingChoice>();
  const cols = useMemo(
    () =>
      pendingColumns(canAct, (r) =>
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
