"use client";
import { useMemo } from "react";
import { CaseBundleButton } from "@/components/cases/case-bundle-button";
import { DataTable } from "@/components/data-table/data-table";
import { Pager } from "@/components/data-table/pager";
import { useCursorPaging } from "@/components/data-table/use-cursor-paging";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { AUDIT_PAGE_SIZE, type AuditFilters } from "@/lib/audit/filters";
import type { Permission } from "@/lib/auth/permissions";
import { auditColumns } from "./audit-columns";
import { AuditExportButton, AuditExportList } from "./audit-exports";
import { AuditFilters as FilterForm } from "./audit-filters";
import { ChainTools } from "./chain-tools";
import { RecordDrawer } from "./record-drawer";
import { SigningKeys } from "./signing-keys";
import { useAuditExports } from "./use-audit-exports";
import { useAuditFacets, useAuditPage } from "./use-audit-reads";
import { useAuditFilters, useOpenRecord, type AuditUrlFilters } from "./use-audit-url";

const NO_FILTERS: AuditUrlFilters = {
  actor: null,
  action: null,
  outcome: null,
  errorCode: null,
  case: null,
  from: null,
  to: null,
};

export function AuditView({ permissions }: { permissions: Permission[] }) {
  const { state, setState, parsed } = useAuditFilters();
  const [recordId, setRecordId] = useOpenRecord();
  const filters: AuditFilters = parsed.success ? parsed.data : {};
  const urlError = parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? "to"), i.message]));
  const paging = useCursorPaging();
  const exports = useAuditExports();
  const cursor = paging.cursor;

  const list = useAuditPage(filters, cursor, parsed.success);
  const facets = useAuditFacets();

  const columns = useMemo(() => auditColumns((id) => void setRecordId(id), permissions), [setRecordId, permissions]);
  const page = list.data;
  const hasFilters = Object.values(filters).some(Boolean);

  return (
    <div className="space-y-4">
      <FilterForm
        key={JSON.stringify(state)}
        state={state}
        facets={facets.data}
        urlError={urlError}
        onApply={(next) => {
          void setState(next);
          paging.reset();
        }}
        onClear={() => {
          void setState(NO_FILTERS);
          paging.reset();
        }}
      />

      <SigningKeys />
      <ChainTools after={<AuditExportList exports={exports} />}>
        <AuditExportButton exports={exports} filters={filters} hasFilters={hasFilters} />
        {filters.case ? <CaseBundleButton caseRef={filters.case} /> : null}
      </ChainTools>

      {!parsed.success ? (
        <ErrorState
          title="These filters are not valid"
          message={parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}
          onRetry={() => void setState(NO_FILTERS)}
        />
      ) : list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <ErrorState message={list.error.message} error={list.error} onRetry={() => void list.refetch()} />
      ) : page && page.records.length === 0 ? (
        <EmptyState title={hasFilters ? "No records match these filters" : "No records yet"} />
      ) : page ? (
        <>
          <DataTable
            caption="Audit records, newest first"
            columns={columns}
            data={page.records}
            getRowId={(r) => r.id}
            className={list.isPlaceholderData ? "opacity-60" : undefined}
            rowClassName={(r) => (r.id === recordId ? "bg-accent-soft/50" : undefined)}
          />
          <Pager
            first={paging.firstRow(AUDIT_PAGE_SIZE)}
            shown={page.records.length}
            loading={list.isPlaceholderData}
            canPrev={paging.canPrev}
            canNext={page.nextCursor !== null}
            onPrev={paging.prev}
            onNext={() => page.nextCursor && paging.next(page.nextCursor)}
          />
        </>
      ) : null}

      <RecordDrawer
        recordId={recordId}
        pageRecords={page?.records ?? []}
        permissions={permissions}
        onOpenRecord={(id) => void setRecordId(id)}
        onClose={() => void setRecordId(null)}
      />
    </div>
  );
}
