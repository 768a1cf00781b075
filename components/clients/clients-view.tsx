"use client";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useQueryStates } from "nuqs";
import { useEffect, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { useCursorPaging } from "@/components/data-table/use-cursor-paging";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import type { ClientsPage } from "@/lib/clients";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, readClientsPageQuery } from "@/lib/clients/client-id";
import { clientsPageUrl } from "@/lib/clients/routes";
import { clientsListSearchParams } from "@/lib/clients/search-params";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { clientColumns } from "./clients-columns";
import { CreateClientDialog } from "./create-client-dialog";

const fetchPage = (take: number, cursor: string | undefined) => fetchJson<ClientsPage>(clientsPageUrl(take, cursor));

export function ClientsView({ canCreate, canCreateTest }: { canCreate: boolean; canCreateTest: boolean }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [state, setState] = useQueryStates({ take: clientsListSearchParams.take }, { history: "push" });
  const paging = useCursorPaging();
  // The same rule as the server's clientsPageQuerySchema, without loading zod into the page.
  const parsed = readClientsPageQuery({ take: state.take ?? undefined, cursor: paging.cursor });
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
    paging.firstRow(take) + take - 1 < (page.data?.metadata.total ?? 0);

  // Next renders from cache: fetch the following page as soon as this one is shown.
  useEffect(() => {
    if (hasNext && next)
      void queryClient.prefetchQuery({
        queryKey: queryKeys.clients.page(take, next),
        queryFn: () => fetchPage(take, next),
      });
  }, [hasNext, next, take, queryClient]);

  const ejects = page.data?.ejects;
  const tests = useMemo(() => new Set(page.data?.testClients ?? []), [page.data]);
  const columns = useMemo(() => clientColumns(tests, ejects), [ejects, tests]);

  const data = page.data;
  return (
    <div className="space-y-4">
      {canCreate ? (
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> Create client
          </Button>
        </div>
      ) : null}
      {!parsed.success ? (
        <ErrorState
          title="This page address is not valid"
          message={parsed.message}
          onRetry={() => {
            void setState({ take: null });
            paging.reset();
          }}
        />
      ) : page.isPending ? (
        <TableSkeleton rows={10} columns={6} />
      ) : page.isError ? (
        <ErrorState message={page.error.message} error={page.error} onRetry={() => void page.refetch()} />
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
          <Pager
            first={paging.firstRow(take)}
            shown={data.results.length}
            total={data.metadata.total}
            loading={page.isPlaceholderData}
            canPrev={paging.canPrev}
            canNext={hasNext}
            onPrev={paging.prev}
            onNext={() => next && paging.next(next)}
          >
            <label htmlFor="page-size" className="text-muted">
              Rows
            </label>
            <Select
              id="page-size"
              className="h-8 w-20"
              value={String(take)}
              onChange={(e) => {
                void setState({ take: e.target.value });
                paging.reset();
              }}
            >
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Pager>
        </>
      ) : null}
      {canCreate ? (
        <CreateClientDialog open={creating} onOpenChange={setCreating} canCreateTest={canCreateTest} />
      ) : null}
    </div>
  );
}
