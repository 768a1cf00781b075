"use client";
import { useQueryClient } from "@tanstack/react-query";
import type { RowSelectionState } from "@tanstack/react-table";
import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, InlineError, TableSkeleton } from "@/components/ui/states";
import { eventScope, exportLabel, replayAllLabel } from "@/lib/alerts/event-set";
import { type ValidFilters } from "@/lib/alerts/filters";
import type { ReplayAllResult } from "@/lib/alerts/replay";
import { loadEventFilters } from "@/lib/alerts/search-params";
import type { AlertEvent, AlertWebhook } from "@/lib/contracts";
import type { JobRunView } from "@/lib/jobs";
import { queryKeys } from "@/lib/shared/query-keys";
import { TestSwitch } from "../test-activity/test-switch";
import { EventDrawer } from "./event-drawer-lazy";
import { EventsTable } from "./events-table";
import { ExportDialog } from "./export-dialog";
import { FilterBar } from "./filter-bar";
import { FiltersForm } from "./filters-form-lazy";
import { ReplayAll } from "./replay-all";
import { ReplayAllRun } from "./replay-all-run";
import { ReplayOutcome, type ReplayOutcomeData } from "./replay-outcome";
import { ReplaySelected } from "./replay-selected";
import { SavedViews } from "./saved-views";
import { TestActivityLine } from "./test-activity-line";
import { useEventFilters } from "./use-event-filters";
import { useEventPages } from "./use-event-pages";
import { useFilterDraft } from "./use-filter-draft";

/**
 * One webhook's events, table first: the filters folded into a bar of chips above it (the whole
 * form opens from it), then the table's toolbar (count, replay, export), then the table of the whole
 * loaded set. Every filter lives in the URL.
 */
export function EventsView({
  webhook,
  canReplay,
  canExport,
}: {
  webhook: AlertWebhook;
  canReplay: boolean;
  canExport: boolean;
}) {
  const { state, setState, filters, errors, query } = useEventFilters();
  const edit = useFilterDraft(state, query);
  const formId = useId();
  const [opened, setOpened] = useState(false);
  // Filters the URL names wrongly need the form to be seen: it opens with its messages.
  const open = opened || !filters;
  return (
    <div className="space-y-3">
      <Link href="/alerts" className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
        <ArrowLeft className="size-3.5" aria-hidden /> Alerts
      </Link>
      <FilterBar
        filters={filters}
        blocksText={state.blocks}
        open={open}
        formId={formId}
        onToggle={() => setOpened(!open)}
        onClear={(change) => void setState(change)}
        end={
          <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
            <TestSwitch mode={state.test} onChange={(test) => void setState({ test })} />
            <SavedViews query={query} onPick={(q) => void setState(loadEventFilters(new URLSearchParams(q)))} />
          </div>
        }
      />
      <div id={formId} hidden={!open}>
        {open ? (
          <FiltersForm state={state} edit={edit} urlErrors={errors} onApply={(next) => void setState(next)} />
        ) : null}
      </div>
      {filters ? (
        <EventsList
          key={query}
          webhook={webhook}
          query={query}
          filters={filters}
          unapplied={edit.dirty}
          canReplay={canReplay}
          canExport={canExport}
        />
      ) : (
        <ErrorState
          title="These filters are not valid"
          message="Nothing was requested. Correct the fields marked above, or clear the filters."
          onRetry={() => void setState({ status: [], from: null, to: null, hash: null, blocks: null, chains: [] })}
        />
      )}
    </div>
  );
}

function EventsList({
  webhook,
  query,
  filters,
  unapplied,
  canReplay,
  canExport,
}: {
  webhook: AlertWebhook;
  query: string;
  filters: ValidFilters;
  /** The form shows filters not applied yet: acting on the applied set now would surprise. */
  unapplied: boolean;
  canReplay: boolean;
  canExport: boolean;
}) {
  const tz = filters.tz;
  const { pages, events, total, testActivity, canLoadMore, loadingMore, nextPageError, loadMore } = useEventPages(
    webhook.id,
    query,
    true,
  );
  // Selected event ids (TanStack Table's row selection: only failed rows can be ticked).
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [open, setOpen] = useState<AlertEvent | null>(null);
  const [run, setRun] = useState<JobRunView<ReplayAllResult>>();
  const [outcome, setOutcome] = useState<ReplayOutcomeData>();
  const queryClient = useQueryClient();
  if (pages.isPending) return <TableSkeleton rows={8} columns={7} />;
  // Only a first page that failed leaves nothing to show; a later failure keeps the loaded rows.
  if (pages.isError && !pages.data)
    return <ErrorState message={pages.error.message} error={pages.error} onRetry={() => void pages.refetch()} />;
  const selected = events.filter((e) => rowSelection[e.id]);
  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <div
          role="group"
          aria-label="Event actions"
          className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2"
        >
          <p className="text-sm text-muted" data-testid="events-count" aria-live="polite">
            {(events.length + testActivity.leftOut).toLocaleString("en")} of {total.toLocaleString("en")} matching
            events loaded
            <TestActivityLine mode={filters.test} activity={testActivity} tz={tz} />
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {canReplay && events.length > 0 ? (
              <ReplaySelected
                webhookId={webhook.id}
                selected={selected}
                onDone={() => setRowSelection({})}
                onOutcome={setOutcome}
              />
            ) : null}
            {canReplay ? (
              <ReplayAll
                webhookId={webhook.id}
                query={query}
                tz={tz}
                label={replayAllLabel(filters)}
                scope={eventScope(filters)}
                disabled={unapplied}
                onStarted={setRun}
              />
            ) : null}
            {canExport ? (
              <ExportDialog
                webhookId={webhook.id}
                query={query}
                total={total}
                label={exportLabel(filters, total)}
                disabled={unapplied}
                zone={tz}
              />
            ) : null}
          </div>
        </div>
        <UnappliedNotice unapplied={unapplied} />
      </div>
      {outcome ? <ReplayOutcome webhookId={webhook.id} outcome={outcome} /> : null}
      {run ? (
        <ReplayAllRun
          webhookId={webhook.id}
          initial={run}
          onFinish={() => void queryClient.invalidateQueries({ queryKey: queryKeys.alerts.all })}
          onDismiss={() => setRun(undefined)}
        />
      ) : null}
      {pages.isRefetchError ? (
        <InlineError
          message={`The loaded events could not be refreshed: ${pages.error.message}`}
          onRetry={() => void pages.refetch()}
        />
      ) : null}
      {events.length === 0 && !canLoadMore ? (
        <EmptyState title="No events match these filters" />
      ) : (
        <>
          <EventsTable
            events={events}
            tz={tz}
            total={total}
            rowSelection={rowSelection}
            onRowSelectionChange={setRowSelection}
            onOpen={setOpen}
            marks={{ test: testActivity.test, unclassified: testActivity.unclassifiedIds }}
          />
          <div className="flex justify-center">
            {nextPageError ? (
              <InlineError message={`The next page could not be loaded: ${nextPageError.message}`} onRetry={loadMore} />
            ) : canLoadMore ? (
              <Button onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? "Loading…" : "Load more"}
              </Button>
            ) : (
              <p className="text-xs text-muted">All matching events are loaded.</p>
            )}
          </div>
          {open ? <EventDrawer webhookId={webhook.id} event={open} tz={tz} onClose={() => setOpen(null)} /> : null}
        </>
      )}
    </div>
  );
}

/** Said (and announced) while the form differs from the applied filters, which export and replay use. */
function UnappliedNotice({ unapplied }: { unapplied: boolean }) {
  return (
    <p role="status" className={unapplied ? "text-xs text-warning" : "sr-only"}>
      {unapplied
        ? "Unapplied changes: export and replay act on the filters the table shows. Apply or discard the changes first."
        : ""}
    </p>
  );
}
