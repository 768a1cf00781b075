"use client";
import { useQuery } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { DecisionButtons } from "@/components/ejects/decision-buttons";
import { awaitingEvidence, EVIDENCE_POLL_MS, EvidenceLink } from "@/components/ejects/evidence-link";
import { RequestFacts } from "@/components/ejects/request-facts";
import { EjectStageBadge } from "@/components/ejects/stage-badge";
import { Countdown, useNow } from "@/components/ui/countdown";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { approvalsUrl, myEjectRequestsUrl } from "@/lib/ejects/routes";
import { ejectStage, type EjectStage } from "@/lib/ejects/state";
import type { ApprovalsInbox, EjectRequestView, MyEjectRequests } from "@/lib/ejects/views";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

const fetchInbox = () => fetchJson<ApprovalsInbox>(approvalsUrl());
const fetchMine = () => fetchJson<MyEjectRequests>(myEjectRequestsUrl());

/** An approver's side (what waits for them, what they decided) and a requester's side (their own requests). */
export function ApprovalsView({ approves, requests }: { approves: boolean; requests: boolean }) {
  return (
    <div className="space-y-8">
      {approves ? <ApproverSections /> : null}
      {requests ? <RequesterSection /> : null}
    </div>
  );
}

function ApproverSections() {
  const inbox = useQuery({
    queryKey: queryKeys.approvals.inbox(),
    queryFn: fetchInbox,
    refetchInterval: (query) => (awaitingEvidence(query.state.data?.decided) ? EVIDENCE_POLL_MS : 30_000),
  });
  if (inbox.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (inbox.isError)
    return <ErrorState message={inbox.error.message} error={inbox.error} onRetry={() => void inbox.refetch()} />;
  const { waiting, decided } = inbox.data;
  return (
    <>
      <Section id="waiting-heading" title={`Waiting for your approval (${waiting.length})`}>
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
      </Section>
      {decided.length > 0 ? (
        <Section id="decided-heading" title={`Your decisions (${decided.length})`}>
          <ul className="space-y-3">
            {decided.map((r) => (
              <InboxItem key={r.id} request={r} />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function RequesterSection() {
  const mine = useQuery({
    queryKey: queryKeys.approvals.mine(),
    queryFn: fetchMine,
    refetchInterval: (query) => (awaitingEvidence(query.state.data?.requests) ? EVIDENCE_POLL_MS : 30_000),
  });
  if (mine.isPending) return <TableSkeleton rows={3} columns={4} />;
  if (mine.isError)
    return <ErrorState message={mine.error.message} error={mine.error} onRetry={() => void mine.refetch()} />;
  const { requests } = mine.data;
  return (
    <Section id="mine-heading" title={`Your requests (${requests.length})`}>
      {requests.length === 0 ? (
        <EmptyState title="You have no eject requests">
          Request an eject on a client&apos;s Eject tab; it is listed here until it is done.
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {requests.map((r) => (
            <InboxItem key={r.id} request={r} own />
          ))}
        </ul>
      )}
    </Section>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What the requester does next, in words, for a request of theirs that still needs something. */
const NEXT_FOR_REQUESTER: Partial<Record<EjectStage, string>> = {
  "waiting-approval": "Waiting for someone else's approval.",
  approved: "Next: open the window on the client's eject tab.",
  "window-open": "Next: download the backup shares on the client's eject tab, before the window closes.",
};

function InboxItem({
  request: r,
  decide = false,
  own = false,
}: {
  request: EjectRequestView;
  decide?: boolean;
  own?: boolean;
}) {
  const now = useNow();
  const stage = ejectStage(r, now);
  const next = own ? NEXT_FOR_REQUESTER[stage] : undefined;
  return (
    <li
      className="rounded border border-border bg-surface p-4 text-sm"
      data-testid="approval-item"
      data-request-id={r.id}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <EjectStageBadge stage={stage} />
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
      {r.sharesFetchedAt ? (
        <div className="mt-3 border-t border-border pt-3">
          <EvidenceLink request={r} />
        </div>
      ) : null}
      {decide ? (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
          <DecisionButtons request={r} />
        </div>
      ) : next ? (
        <p className="mt-3 border-t border-border pt-3 text-xs text-muted">{next}</p>
      ) : null}
    </li>
  );
}
