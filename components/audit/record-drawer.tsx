"use client";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Drawer } from "@/components/ui/drawer";
import { ErrorState, Skeleton } from "@/components/ui/states";
import type { AuditRecordDetail, AuditRecordRef, AuditRecordView } from "@/lib/audit";
import { auditActionLabel } from "@/lib/audit/catalog";
import { isAuditRecordId } from "@/lib/audit/filters";
import { auditRecordUrl } from "@/lib/audit/routes";
import { formatUtcSecond } from "@/lib/audit/time";
import type { Permission } from "@/lib/auth/permissions";
import { fetchJson, HttpError } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { detailsButtonId, OutcomeBadge } from "./audit-columns";
import { TargetCell } from "./target-link";

/**
 * One audit record in a drawer, named by `?record=<id>`. A record on the page shows at once; the
 * record route fills in what the page does not have (its intent or outcome) and serves a record
 * from a shared link that is not on the page at all.
 */
export function RecordDrawer({
  recordId,
  pageRecords,
  permissions,
  onOpenRecord,
  onClose,
}: {
  recordId: string | null;
  pageRecords: AuditRecordView[];
  permissions: readonly Permission[];
  onOpenRecord: (recordId: string) => void;
  onClose: () => void;
}) {
  const id = recordId ?? "";
  const valid = isAuditRecordId(id);
  const onPage = pageRecords.find((r) => r.id === id);
  const detail = useQuery({
    queryKey: queryKeys.audit.record(id),
    queryFn: () => fetchJson<AuditRecordDetail>(auditRecordUrl(id)),
    enabled: valid,
    // Records never change, so what is fetched once stays good.
    staleTime: Infinity,
  });
  const record = detail.data?.record ?? onPage;
  // Closing clears the URL before focus goes back, so remember which row's button to return to.
  const lastId = useRef(id);
  useEffect(() => {
    if (recordId) lastId.current = recordId;
  }, [recordId]);
  const related = detail.data;

  let body: ReactNode;
  if (!valid) body = <ErrorState title="Not an audit record" message="This link does not name an audit record." />;
  else if (record)
    body = <RecordFields record={record} related={related} permissions={permissions} onOpenRecord={onOpenRecord} />;
  else if (detail.isError)
    body =
      detail.error instanceof HttpError && detail.error.status === 404 ? (
        <ErrorState title="No such record" message="No audit record has this id." />
      ) : (
        <ErrorState message={detail.error.message} error={detail.error} onRetry={() => void detail.refetch()} />
      );
  else body = <Skeleton className="h-64 w-full" />;

  return (
    <Drawer
      open={recordId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={record ? `Audit record #${record.seq}` : "Audit record"}
      description={
        record ? (
          <>
            {auditActionLabel(record.action)} (<code className="font-mono">{record.action}</code>) ·{" "}
            <span className="whitespace-nowrap">{formatUtcSecond(record.at)} UTC</span>
          </>
        ) : undefined
      }
      returnFocus={() => (lastId.current ? document.getElementById(detailsButtonId(lastId.current)) : null)}
    >
      {body}
    </Drawer>
  );
}

function RecordFields({
  record: r,
  related,
  permissions,
  onOpenRecord,
}: {
  record: AuditRecordView;
  /** Undefined until the record route answered. */
  related: AuditRecordDetail | undefined;
  permissions: readonly Permission[];
  onOpenRecord: (recordId: string) => void;
}) {
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-y-2">
        <Item label="Record">
          <span className="tabular">#{r.seq}</span> <span className="font-mono text-xs break-all">{r.id}</span>
          <CopyButton value={r.id} label="record id" className="ml-1 align-middle" />
        </Item>
        <Item label="Time (UTC)">
          <time dateTime={r.at} className="tabular">
            {formatUtcSecond(r.at)}
          </time>
        </Item>
        <Item label="Actor">{r.actorEmail ?? <span className="text-muted">anonymous</span>}</Item>
        <Item label="Role">{r.actorRole ?? <span className="text-muted">—</span>}</Item>
        <Item label="Action">
          <code className="font-mono text-xs">{r.action}</code>
        </Item>
        <Item label="Target">
          <TargetCell record={r} permissions={permissions} className="text-sm" />
        </Item>
        <Item label="Outcome">
          <OutcomeBadge outcome={r.outcome} errorCode={r.errorCode} codeShownApart />
        </Item>
        {r.outcome === "error" ? (
          <>
            <Item label="Error code">
              <code className="font-mono text-xs">{r.errorCode ?? "—"}</code>
            </Item>
            <Item label="Message">{r.errorMessage ?? <span className="text-muted">—</span>}</Item>
          </>
        ) : null}
        {r.intentId ? (
          <Item label="Intent">
            <RecordLink
              id={r.intentId}
              refOf={related?.intent}
              loading={related === undefined}
              onOpenRecord={onOpenRecord}
              missing="The intent record is not in the log."
            />
          </Item>
        ) : null}
        {r.outcome === "intent" ? (
          <Item label="Outcome record">
            {related === undefined ? (
              <span className="text-muted">Looking…</span>
            ) : related.outcome ? (
              <RecordLink id={related.outcome.id} refOf={related.outcome} loading={false} onOpenRecord={onOpenRecord} />
            ) : (
              <span className="text-muted">None recorded: the act did not finish, or is still running.</span>
            )}
          </Item>
        ) : null}
        <Item label="Request id">
          {r.requestId ? (
            <>
              <span className="font-mono text-xs break-all">{r.requestId}</span>
              <CopyButton value={r.requestId} label="request id" className="ml-1 align-middle" />
            </>
          ) : (
            <span className="text-muted">—</span>
          )}
        </Item>
        <Item label="Address">
          {r.ip ? <span className="font-mono text-xs">{r.ip}</span> : <span className="text-muted">—</span>}
        </Item>
      </dl>

      <section aria-labelledby="record-input">
        <h3 id="record-input" className="mb-1 text-xs font-medium text-muted">
          Input
        </h3>
        <pre
          className="max-h-80 overflow-auto rounded bg-surface-2 p-2 font-mono text-xs break-all whitespace-pre-wrap"
          data-testid="record-input"
          // A long input scrolls inside its box: the keyboard can reach it and scroll it.
          aria-labelledby="record-input"
          tabIndex={0}
        >
          {r.input === null || r.input === undefined ? "—" : JSON.stringify(r.input, null, 2)}
        </pre>
      </section>

      <section aria-labelledby="record-seal">
        <h3 id="record-seal" className="mb-1 text-xs font-medium text-muted">
          Seal (HMAC-SHA-256 over the previous seal and this record)
        </h3>
        <p className="font-mono text-xs break-all" data-testid="record-seal">
          {r.hash}
          <CopyButton value={r.hash} label="seal" className="ml-1 align-middle" />
        </p>
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="mt-2 text-xs text-muted sm:mt-0 sm:pt-0.5">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A link to another record: opens it in this drawer, or in a new tab with the filters kept. */
function RecordLink({
  id,
  refOf,
  loading,
  onOpenRecord,
  missing,
}: {
  id: string;
  refOf: AuditRecordRef | null | undefined;
  loading: boolean;
  onOpenRecord: (recordId: string) => void;
  missing?: string;
}) {
  const search = useSearchParams();
  if (!loading && !refOf && missing) return <span className="text-muted">{missing}</span>;
  const query = new URLSearchParams(search.toString());
  query.set("record", id);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpenRecord(id);
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <a href={`?${query.toString()}`} onClick={open} className="text-accent underline-offset-2 hover:underline">
        {refOf ? `Record #${refOf.seq}` : "Open the record"}
      </a>
      {refOf ? <OutcomeBadge outcome={refOf.outcome} errorCode={refOf.errorCode} /> : null}
    </span>
  );
}
