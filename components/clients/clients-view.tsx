"use client";
import { useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { parseAsString, useQueryStates } from "nuqs";
import { ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Countdown } from "@/components/ui/countdown";
import { Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { clientsPageQuerySchema, DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/clients";
import type { Client, ListClientsResponse } from "@/lib/contracts";
import {
  currentCursor,
  firstRowIndex,
  parseCursorStack,
  popCursor,
  pushCursor,
  serializeCursorStack,
} from "@/lib/cursor-stack";
import { shortAddress, utc } from "@/lib/format";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { CreateClientDialog } from "./create-client-dialog";
import { FindClient } from "./find-client";

const fetchPage = (take: number, cursor: string | undefined) =>
  fetchJson<ListClientsResponse>(`/api/clients?take=${take}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);

export function ejectState(
  client: Client,
): { kind: "ejected"; at: string } | { kind: "ejectable"; until: string } | { kind: "none" } {
  if (client.ejectedAt) return { kind: "ejected", at: client.ejectedAt };
  const until = client.wallets
    .map((w) => w.ejectableUntil)
    .filter((u): u is string => !!u && new Date(u).getTime() > Date.now())
    .sort()
    .at(-1);
  return until ? { kind: "ejectable", until } : { kind: "none" };
}

export function EjectBadge({ client }: { client: Client }) {
  const state = ejectState(client);
  if (state.kind === "ejected") return <Badge tone="danger">Ejected {utc(state.at)}</Badge>;
  if (state.kind === "ejectable")
    return (
      <Badge tone="warning">
        Ejectable · <Countdown until={state.until} />
      </Badge>
    );
  return <span className="text-muted">—</span>;
}

export function ClientsView({ canCreate }: { canCreate: boolean }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [state, setState] = useQueryStates({ take: parseAsString, cursors: parseAsString }, { history: "push" });
  const stack = parseCursorStack(state.cursors);
  const parsed = clientsPageQuerySchema.safeParse({ take: state.take ?? undefined, cursor: currentCursor(stack) });
  const take = parsed.success ? parsed.data.take : DEFAULT_PAGE_SIZE;
  const cursor = parsed.success ? parsed.data.cursor : undefined;

  const page = useQuery({
    queryKey: queryKeys.clients.page(take, cursor),
    queryFn: () => fetchPage(take, cursor),
    placeholderData: keepPreviousData,
    enabled: parsed.success,
  });
  const next = page.data?.metadata.cursor ?? null;
  const hasNext =
    next !== null &&
    (page.data?.results.length ?? 0) === take &&
    firstRowIndex(stack, take) + take - 1 < (page.data?.metadata.total ?? 0);

  // Next renders from cache: fetch the following page as soon as this one is shown.
  useEffect(() => {
    if (hasNext && next)
      void queryClient.prefetchQuery({
        queryKey: queryKeys.clients.page(take, next),
        queryFn: () => fetchPage(take, next),
      });
  }, [hasNext, next, take, queryClient]);

  const columns = useMemo<ColumnDef<Client, unknown>[]>(
    () => [
      {
        header: "Client",
        accessorKey: "id",
        cell: ({ row }) => (
          <div className="flex items-center gap-1">
            <Link href={`/clients/${row.original.id}`} className="font-mono text-xs text-accent hover:underline">
              {row.original.id}
            </Link>
            <CopyButton value={row.original.id} label="client id" />
          </div>
        ),
      },
      {
        header: "Created (UTC)",
        accessorKey: "createdAt",
        cell: ({ row }) => (
          <span className="tabular whitespace-nowrap">{utc(row.original.createdAt).replace(" UTC", "")}</span>
        ),
      },
      {
        header: "Account abstraction",
        accessorKey: "isAccountAbstracted",
        cell: ({ row }) =>
          row.original.isAccountAbstracted ? <Badge tone="accent">AA</Badge> : <span className="text-muted">EOA</span>,
      },
      {
        header: "EVM address",
        id: "evm",
        cell: ({ row }) => <Address value={row.original.metadata.namespaces.eip155?.address} label="EVM address" />,
      },
      {
        header: "Solana address",
        id: "solana",
        cell: ({ row }) => <Address value={row.original.metadata.namespaces.solana?.address} label="Solana address" />,
      },
      { header: "Eject", id: "eject", cell: ({ row }) => <EjectBadge client={row.original} /> },
    ],
    [],
  );

  const start = firstRowIndex(stack, take);
  const data = page.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <FindClient />
        {canCreate ? (
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> Create client
          </Button>
        ) : null}
      </div>
      {!parsed.success ? (
        <ErrorState
          title="This page address is not valid"
          message={parsed.error.issues[0]?.message ?? "Unknown problem"}
          onRetry={() => void setState({ take: null, cursors: null })}
        />
      ) : page.isPending ? (
        <TableSkeleton rows={10} columns={6} />
      ) : page.isError ? (
        <ErrorState message={page.error.message} onRetry={() => void page.refetch()} />
      ) : data && data.results.length === 0 ? (
        <EmptyState title="No clients yet">Create a client to get started.</EmptyState>
      ) : data ? (
        <>
          <div aria-busy={page.isPlaceholderData}>
            <DataTable
              caption="Clients"
              columns={columns}
              data={data.results}
              getRowId={(c) => c.id}
              className={page.isPlaceholderData ? "opacity-60" : undefined}
            />
          </div>
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="tabular text-muted" data-testid="page-range" aria-live="polite">
              {/* While the next page loads the old rows stay dimmed; do not label them with the new range. */}
              {page.isPlaceholderData
                ? "Loading…"
                : `${start}–${start + data.results.length - 1} of ${data.metadata.total}`}
            </p>
            <div className="flex items-center gap-2">
              <label htmlFor="page-size" className="text-muted">
                Rows
              </label>
              <Select
                id="page-size"
                className="h-8 w-20"
                value={String(take)}
                onChange={(e) => void setState({ take: e.target.value, cursors: null })}
              >
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </Select>
              <Button
                size="sm"
                disabled={stack.length === 0}
                onClick={() => void setState({ cursors: serializeCursorStack(popCursor(stack)) })}
              >
                <ChevronLeft className="size-3.5" aria-hidden /> Previous
              </Button>
              <Button
                size="sm"
                disabled={!hasNext}
                onClick={() => next && void setState({ cursors: serializeCursorStack(pushCursor(stack, next)) })}
              >
                Next <ChevronRight className="size-3.5" aria-hidden />
              </Button>
            </div>
          </nav>
        </>
      ) : null}
      {canCreate ? <CreateClientDialog open={creating} onOpenChange={setCreating} /> : null}
    </div>
  );
}

function Address({ value, label }: { value: string | undefined; label: string }) {
  if (!value) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex items-center gap-0.5 font-mono text-xs" title={value}>
      {shortAddress(value)}
      <CopyButton value={value} label={label} />
    </span>
  );
}
