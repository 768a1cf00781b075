"use client";
import { useQueryStates } from "nuqs";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { chainLabel, YIELD_NETWORKS } from "@/lib/chains";
import { YIELD_TYPES } from "@/lib/contracts/yield-types";
import {
  ANY_NETWORK,
  TESTNETS,
  filtersKey,
  type OpportunityFilters,
  type OpportunityView,
} from "@/lib/yield/opportunities";
import type { YieldClientView } from "@/lib/yield/positions";
import { yieldPageParsers } from "@/lib/yield/search-params";
import { ActionDialog } from "./action-dialog-lazy";
import { opportunityColumns } from "./opportunities-columns";
import { useOpportunities } from "./use-yield-reads";

/** The opportunities offered to the client, filtered (URL state) and sorted by reward rate. */
export function OpportunitiesTab({
  client,
  readOnly,
  filters,
  testnetsByDefault,
}: {
  client: YieldClientView;
  readOnly: string | null;
  filters: OpportunityFilters;
  /** No network in the address lists the testnets (the sandbox); "Any network" is then said in the address. */
  testnetsByDefault: boolean;
}) {
  const [, setState] = useQueryStates(yieldPageParsers, { history: "push" });
  const [entering, setEntering] = useState<OpportunityView>();
  // The fields follow the URL: a filter set from a link, Back or a reload shows as what it is.
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  if (filtersKey(shown) !== filtersKey(filters)) {
    setShown(filters);
    setDraft(filters);
  }
  const list = useOpportunities(client.clientId, filters);
  const columns = useMemo(() => opportunityColumns(readOnly, setEntering), [readOnly]);
  return (
    <div className="space-y-3">
      <form
        aria-label="Filter opportunities"
        className="grid gap-3 rounded-lg border border-border bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          void setState({
            network: draft.network ?? (testnetsByDefault ? ANY_NETWORK : null),
            token: draft.token?.trim() || null,
            type: draft.type ?? null,
            sort: draft.sort,
          });
        }}
      >
        <Field id="op-network" label="Network">
          <Select
            id="op-network"
            value={draft.network ?? ANY_NETWORK}
            onChange={(e) =>
              setDraft((d) => ({ ...d, network: e.target.value === ANY_NETWORK ? undefined : e.target.value }))
            }
          >
            <option value={ANY_NETWORK}>Any network</option>
            <option value={TESTNETS}>Testnets only</option>
            {YIELD_NETWORKS.map((id) => (
              <option key={id} value={id}>
                {chainLabel(id)} — {id}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="op-token" label="Token (symbol or address)">
          <Input
            id="op-token"
            value={draft.token ?? ""}
            onChange={(e) => setDraft((d) => ({ ...d, token: e.target.value || undefined }))}
            placeholder="USDC"
            autoComplete="off"
          />
        </Field>
        <Field id="op-type" label="Type">
          <Select
            id="op-type"
            value={draft.type ?? ""}
            onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value || undefined }))}
          >
            <option value="">Any type</option>
            {YIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.replace(/_/g, " ")}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="op-sort" label="Sort by reward rate">
          <Select
            id="op-sort"
            value={draft.sort}
            onChange={(e) =>
              setDraft((d) => ({ ...d, sort: e.target.value === "rate-asc" ? "rate-asc" : "rate-desc" }))
            }
          >
            <option value="rate-desc">Highest first</option>
            <option value="rate-asc">Lowest first</option>
          </Select>
        </Field>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" variant="primary">
            Apply
          </Button>
        </div>
      </form>
      {list.isPending ? (
        <TableSkeleton rows={6} columns={6} />
      ) : list.isError ? (
        <ErrorState message={list.error.message} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No opportunity matches these filters">
          Widen them: any network, any type, or no token.
        </EmptyState>
      ) : (
        <DataTable
          caption="Yield opportunities, by reward rate"
          columns={columns}
          data={list.data.items}
          getRowId={(o) => o.id}
        />
      )}
      {entering ? (
        <ActionDialog intent="enter" client={client} opportunity={entering} onClose={() => setEntering(undefined)} />
      ) : null}
    </div>
  );
}
