import type { EjectRequestView } from "@/lib/ejects/views";
import { utc } from "@/lib/shared/format";

/** Who did what and when on an eject request. */
export function RequestFacts({ request: r }: { request: EjectRequestView }) {
  return (
    <>
      <p className="mb-2 break-words">{r.reason}</p>
      <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs text-muted sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt>Requested</dt>
        <dd className="break-words">
          {r.requestedByEmail} · {utc(r.requestedAt)}
        </dd>
        {r.status === "pending" || r.status === "approved" ? (
          <>
            <dt>{r.status === "pending" ? "Lapses unless decided" : "Lapses unless opened"}</dt>
            <dd>{utc(r.expiresAt)}</dd>
          </>
        ) : null}
        {r.decidedByEmail ? (
          <>
            <dt>{r.status === "rejected" ? "Rejected" : "Approved"}</dt>
            <dd className="break-words">
              {r.decidedByEmail} · {utc(r.decidedAt)}
              {r.decisionNote ? ` — ${r.decisionNote}` : ""}
            </dd>
          </>
        ) : null}
        {r.status === "withdrawn" ? (
          <>
            <dt>Withdrawn</dt>
            <dd>by the requester</dd>
          </>
        ) : null}
        {r.executedByEmail ? (
          <>
            <dt>Window opened</dt>
            <dd className="break-words">
              {r.executedByEmail} · {utc(r.executedAt)}
            </dd>
          </>
        ) : null}
        {r.ejectableUntil ? (
          <>
            <dt>Ejectable until</dt>
            <dd>{utc(r.ejectableUntil)}</dd>
          </>
        ) : null}
        {r.sharesFetchedByEmail ? (
          <>
            <dt>Shares fetched</dt>
            <dd className="break-words">
              {r.sharesFetchedByEmail} · {utc(r.sharesFetchedAt)}
            </dd>
          </>
        ) : null}
      </dl>
    </>
  );
}
