"use client";
import { useMemo, type FormEvent } from "react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { parseAsString, useQueryStates } from "nuqs";
import { ChevronLeft, ChevronRight, Download, ShieldAlert, ShieldCheck, X } from "lucide-react";
import { toast } from "sonner";
import { verifyAuditChain } from "@/server/actions/audit";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import {
  AUDIT_PAGE_SIZE,
  auditFiltersQuery,
  auditFiltersSchema,
  type AuditPage,
  type AuditRecordView,
} from "@/lib/audit";
import {
  currentCursor,
  firstRowIndex,
  parseCursorStack,
  popCursor,
  pushCursor,
  serializeCursorStack,
} from "@/lib/cursor-stack";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { describeError } from "@/lib/result";

const urlState = {
  actor: parseAsString,
  action: parseAsString,
  outcome: parseAsString,
  from: parseAsString,
  to: parseAsString,
  cursors: parseAsString,
};

/** "2026-11-21T09:30:00.000Z" → "2026-11-21T09:30" for a datetime-local input showing UTC. */
const toInput = (iso: string | null) => (iso ? iso.replace(/:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/, "").slice(0, 16) : "");

export function AuditView() {
  const [state, setState] = useQueryStates(urlState, { history: "push" });
  const parsed = auditFiltersSchema.safeParse({
    actor: state.actor ?? undefined,
    action: state.action ?? undefined,
    outcome: state.outcome ?? undefined,
    from: state.from ?? undefined,
    to: state.to ?? undefined,
  });
  const filters = parsed.success ? parsed.data : {};
  const stack = parseCursorStack(state.cursors);
  const cursor = currentCursor(stack);

  const list = useQuery({
    queryKey: queryKeys.audit.list(filters, cursor, AUDIT_PAGE_SIZE),
    queryFn: () =>
      fetchJson<AuditPage>(
        `/api/audit?${auditFiltersQuery(filters)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}&limit=${AUDIT_PAGE_SIZE}`,
      ),
    placeholderData: keepPreviousData,
    enabled: parsed.success,
  });

  const verify = useMutation({
    mutationFn: () => verifyAuditChain({}),
    onSuccess: (r) => {
      if (!r.ok) toast.error(describeError(r.error));
    },
    onError: () => toast.error("The check could not be started. Try again."),
  });

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim() || null;
    void setState({
      actor: text("actor"),
      action: text("action"),
      outcome: text("outcome"),
      from: text("from"),
      to: text("to"),
      cursors: null,
    });
  }

  const columns = useMemo<ColumnDef<AuditRecordView, unknown>[]>(
    () => [
      {
        header: "#",
        accessorKey: "seq",
        cell: ({ row }) => <span className="tabular text-muted">{row.original.seq}</span>,
      },
      {
        header: "Time (UTC)",
        accessorKey: "at",
        cell: ({ row }) => (
          <time
            dateTime={row.original.at}
            className="tabular whitespace-nowrap"
            title={new Date(row.original.at).toString()}
          >
            {row.original.at.replace("T", " ").slice(0, 19)}
          </time>
        ),
      },
      {
        header: "Actor",
        accessorKey: "actorEmail",
        cell: ({ row }) => (
          <div className="whitespace-nowrap">
            <div>{row.original.actorEmail ?? <span className="text-muted">anonymous</span>}</div>
            {row.original.actorRole ? <div className="text-xs text-muted">{row.original.actorRole}</div> : null}
          </div>
        ),
      },
      {
        header: "Action",
        accessorKey: "action",
        cell: ({ row }) => <code className="font-mono text-xs">{row.original.action}</code>,
      },
      {
        header: "Target",
        accessorKey: "target",
        cell: ({ row }) => <span className="break-all text-xs">{row.original.target ?? "—"}</span>,
      },
      {
        header: "Outcome",
        accessorKey: "outcome",
        cell: ({ row }) =>
          row.original.outcome === "ok" ? (
            <Badge tone="success">ok</Badge>
          ) : (
            <div className="space-y-0.5">
              <Badge tone="danger">{row.original.errorCode ?? "error"}</Badge>
              {row.original.errorMessage ? (
                <div className="max-w-64 text-xs text-muted">{row.original.errorMessage}</div>
              ) : null}
            </div>
          ),
      },
      {
        id: "details",
        header: "Details",
        cell: ({ row }) => (
          <details className="max-w-80 text-xs">
            <summary className="cursor-pointer text-accent">Show</summary>
            <dl className="mt-1 space-y-1">
              <dt className="text-muted">Request</dt>
              <dd className="font-mono break-all">{row.original.requestId ?? "—"}</dd>
              <dt className="text-muted">Address</dt>
              <dd className="font-mono">{row.original.ip ?? "—"}</dd>
              <dt className="text-muted">Input</dt>
              <dd>
                <pre className="max-h-48 overflow-auto rounded bg-surface-2 p-1.5 font-mono whitespace-pre-wrap">
                  {JSON.stringify(row.original.input, null, 2)}
                </pre>
              </dd>
              <dt className="text-muted">Hash</dt>
              <dd className="font-mono break-all">{row.original.hash}</dd>
            </dl>
          </details>
        ),
      },
    ],
    [],
  );

  const page = list.data;
  const start = firstRowIndex(stack, AUDIT_PAGE_SIZE);
  const hasFilters = Object.values(filters).some(Boolean);
  const verdict = verify.data?.ok ? verify.data.data : undefined;

  return (
    <div className="space-y-4">
      <form
        onSubmit={applyFilters}
        className="grid items-start gap-3 rounded border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-6"
        aria-label="Filter the audit log"
        key={JSON.stringify(filters)}
      >
        <Field id="f-actor" label="Actor (e-mail contains)">
          <Input id="f-actor" name="actor" defaultValue={state.actor ?? ""} placeholder="name@company.com" />
        </Field>
        <Field id="f-action" label="Action" hint="Exact, or a prefix ending in a dot: auth.">
          <Input
            id="f-action"
            name="action"
            defaultValue={state.action ?? ""}
            placeholder="users.create"
            list="audit-actions"
          />
        </Field>
        <datalist id="audit-actions">
          {[
            "auth.",
            "auth.sign-in",
            "auth.sign-in-failed",
            "auth.sign-out",
            "users.",
            "users.create",
            "users.update",
            "audit.export",
            "audit.verify",
          ].map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <Field id="f-outcome" label="Outcome">
          <Select id="f-outcome" name="outcome" defaultValue={state.outcome ?? ""}>
            <option value="">Any</option>
            <option value="ok">ok</option>
            <option value="error">error</option>
          </Select>
        </Field>
        <Field id="f-from" label="From (UTC)">
          <Input id="f-from" name="from" type="datetime-local" defaultValue={toInput(state.from)} />
        </Field>
        <Field id="f-to" label="To (UTC)" error={!parsed.success ? parsed.error.issues[0]?.message : undefined}>
          <Input id="f-to" name="to" type="datetime-local" defaultValue={toInput(state.to)} />
        </Field>
        <div className="flex gap-2 pt-5">
          <Button type="submit" variant="primary">
            Apply
          </Button>
          {hasFilters ? (
            <Button
              onClick={() =>
                void setState({ actor: null, action: null, outcome: null, from: null, to: null, cursors: null })
              }
            >
              <X className="size-3.5" aria-hidden /> Clear
            </Button>
          ) : null}
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck className="size-4" aria-hidden /> {verify.isPending ? "Verifying…" : "Verify chain"}
          </Button>
          <a
            className="inline-flex h-9 items-center gap-1.5 rounded border border-border bg-surface px-3.5 text-sm font-medium hover:bg-surface-2"
            href={`/api/audit/export?${auditFiltersQuery(filters)}`}
            download
          >
            <Download className="size-4" aria-hidden /> Export CSV{hasFilters ? " (filtered)" : ""}
          </a>
        </div>
        {verdict ? (
          verdict.ok ? (
            <p role="status" className="flex items-center gap-1.5 text-sm text-success" data-testid="chain-verdict">
              <ShieldCheck className="size-4" aria-hidden /> Chain intact: {verdict.count} records verified.
            </p>
          ) : (
            <p role="alert" className="flex items-center gap-1.5 text-sm text-danger" data-testid="chain-verdict">
              <ShieldAlert className="size-4" aria-hidden /> {verdict.message}
            </p>
          )
        ) : null}
      </div>

      {!parsed.success ? (
        <ErrorState
          title="These filters are not valid"
          message={parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}
          onRetry={() => void setState({ from: null, to: null, outcome: null })}
        />
      ) : list.isPending ? (
        <TableSkeleton />
      ) : list.isError ? (
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
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
          />
          <Pager
            start={start}
            shown={page.records.length}
            loading={list.isPlaceholderData}
            canPrev={stack.length > 0}
            canNext={page.nextCursor !== null}
            onPrev={() => void setState({ cursors: serializeCursorStack(popCursor(stack)) })}
            onNext={() =>
              page.nextCursor && void setState({ cursors: serializeCursorStack(pushCursor(stack, page.nextCursor)) })
            }
          />
        </>
      ) : null}
    </div>
  );
}

function Pager({
  start,
  shown,
  loading,
  canPrev,
  canNext,
  onPrev,
  onNext,
}: {
  start: number;
  shown: number;
  loading: boolean;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm">
      <p className="text-muted tabular" data-testid="page-range" aria-live="polite">
        {loading ? "Loading…" : `${start}–${start + shown - 1}`}
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onPrev} disabled={!canPrev}>
          <ChevronLeft className="size-3.5" aria-hidden /> Previous
        </Button>
        <Button size="sm" onClick={onNext} disabled={!canNext}>
          Next <ChevronRight className="size-3.5" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
