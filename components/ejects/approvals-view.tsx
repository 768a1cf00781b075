"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { DecisionButtons } from "@/components/ejects/decision-buttons";
import { RequestFacts } from "@/components/ejects/request-facts";
import { STATUS_TONE } from "@/components/ejects/request-card";
import { Badge } from "@/components/ui/badge";
import { Countdown } from "@/components/ui/countdown";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import type { ApprovalsInbox, EjectRequestView } from "@/lib/clients";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

export const fetchInbox = () => fetchJson<ApprovalsInbox>("/api/approvals");

export function ApprovalsView() {
  const inbox = useQuery({ queryKey: queryKeys.approvals.inbox(), queryFn: fetchInbox, refetchInterval: 30_000 });
  if (inbox.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (inbox.isError)
    return <ErrorState message={inbox.error.message} error={inbox.error} onRetry={() => void inbox.refetch()} />;
  const { waiting, mine } = inbox.data;
  return (
    <div className="space-y-8">
      <section aria-labelledby="waiting-heading" className="space-y-3">
        <h2 id="waiting-heading" className="text-sm font-semibold">
          Waiting for your approval ({waiting.length})
        </h2>
        {waiting.length === 0 ? (
          <EmptyState title="Nothing waits for you" icon={<CheckCheck className="size-6" aria-hidden />}>
            New eject requests that you may decide appear here and in the sidebar&apos;s count.
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {waiting.map((r) => (
              <InboxItem key={r.id} request={r} decide />
            ))}
          </ul>
        )}
      </section>
      {mine.length > 0 ? (
        <section aria-labelledby="mine-heading" className="space-y-3">
          <h2 id="mine-heading" className="text-sm font-semibold">
            Your open requests ({mine.length})
          </h2>
          <ul className="space-y-3">
            {mine.map((r) => (
              <InboxItem key={r.id} request={r} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function InboxItem({ request: r, decide = false }: { request: EjectRequestView; decide?: boolean }) {
  return (
    <li
      className="rounded border border-border bg-surface p-4 text-sm"
      data-testid="approval-item"
      data-request-id={r.id}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
        <Link
          href={`/clients/${encodeURIComponent(r.clientId)}?tab=eject`}
          className="font-mono text-xs break-all text-accent hover:underline"
        >
          {r.clientId}
        </Link>
        <span className="font-mono text-xs break-all text-muted">
          {r.curve} · {r.walletId}
        </span>
        <span className="text-xs text-muted">ticket {r.ticket}</span>
        {r.status === "pending" ? (
          <span className="text-xs text-muted">
            lapses in <Countdown until={r.expiresAt} expired="a moment" />
          </span>
        ) : null}
      </div>
      <RequestFacts request={r} />
      {decide ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
          <DecisionButtons request={r} />
        </div>
      ) : (
        <p className="mt-3 border-t border-border pt-3 text-xs text-muted">
          {r.status === "pending"
            ? "Waiting for someone else's approval."
            : r.status === "approved"
              ? "Approved: open the window on the client's eject tab."
              : "The window is open: download the backup shares on the client's eject tab."}
        </p>
      )}
    </li>
  );
}
