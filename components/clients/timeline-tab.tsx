"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useQueryState } from "nuqs";
import { CaseLink } from "@/components/cases/case-link";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, TableSkeleton } from "@/components/ui/states";
import { clientTimelineUrl } from "@/lib/clients/routes";
import { clientDetailSearchParams } from "@/lib/clients/search-params";
import { TIMELINE_KINDS, type TimelinePage } from "@/lib/clients/timeline";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * Everything the console's records say happened to a client, newest first: who did what, with the
 * reason they gave, each entry linking to its audit record. Filter by kind; the kinds are in the URL.
 */
export function TimelineTab({
  clientId,
  createdAt,
  canReadAudit,
}: {
  clientId: string;
  /** The upstream's creation time: the timeline's first entry when the console did not create the client. */
  createdAt: string;
  canReadAudit: boolean;
}) {
  const [kinds, setKinds] = useQueryState("kinds", clientDetailSearchParams.kinds);
  const key = kinds.join(",");
  const pages = useInfiniteQuery({
    queryKey: queryKeys.clients.timeline(clientId, key),
    queryFn: ({ pageParam }) => fetchJson<TimelinePage>(clientTimelineUrl(clientId, key, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const entries = pages.data?.pages.flatMap((p) => p.entries) ?? [];
  // A client the console did not create (or created before its records began) still has a beginning.
  const upstreamCreation =
    pages.isSuccess &&
    !pages.hasNextPage &&
    (kinds.length === 0 || kinds.includes("created")) &&
    !entries.some((e) => e.kind === "created");
  const toggle = (id: string) => void setKinds(kinds.includes(id) ? kinds.filter((k) => k !== id) : [...kinds, id]);
  return (
    <section aria-label="Timeline" className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2 text-sm">
        <legend className="sr-only">Kinds of entry</legend>
        <span className="text-xs text-muted">Show</span>
        {TIMELINE_KINDS.map((k) => (
          <label
            key={k.id}
            className="flex items-center gap-1.5 rounded-full border border-border bg-surface px-2.5 py-1 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
          >
            <input type="checkbox" checked={kinds.includes(k.id)} onChange={() => toggle(k.id)} />
            {k.label}
          </label>
        ))}
        {kinds.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={() => void setKinds([])}>
            All kinds
          </Button>
        ) : null}
      </fieldset>
      {pages.isPending ? (
        <TableSkeleton rows={4} columns={3} />
      ) : pages.isError ? (
        <ErrorState message={pages.error.message} error={pages.error} onRetry={() => void pages.refetch()} />
      ) : entries.length === 0 && !upstreamCreation ? (
        <EmptyState title={kinds.length > 0 ? "Nothing of these kinds yet" : "Nothing recorded for this client yet"}>
          Credentials issued, transfers built and eject steps taken in the console appear here.
        </EmptyState>
      ) : (
        <ol className="relative space-y-3 border-l border-border pl-4" aria-label="Timeline entries, newest first">
          {entries.map((e) => (
            <li key={e.recordId} className="relative" data-testid="timeline-entry">
              <span
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-surface bg-accent"
                aria-hidden
              />
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <time dateTime={e.at} className="tabular">
                  {utc(e.at)}
                </time>
                <Badge tone={e.outcome === "ok" ? "neutral" : "danger"}>{e.kindLabel}</Badge>
                <span>{e.actorEmail ?? "system"}</span>
                {canReadAudit ? (
                  <Link href={`/audit?record=${e.recordId}`} className="text-accent hover:underline">
                    Audit record #{e.seq}
                  </Link>
                ) : (
                  <span>Audit record #{e.seq}</span>
                )}
                {e.caseRef ? <CaseLink caseRef={e.caseRef} canReadAudit={canReadAudit} /> : null}
              </div>
              <p className="mt-0.5 text-sm break-words">{e.summary}</p>
            </li>
          ))}
          {upstreamCreation ? (
            <li className="relative" data-testid="timeline-entry">
              <span
                className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full border-2 border-surface bg-border"
                aria-hidden
              />
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <time dateTime={createdAt} className="tabular">
                  {utc(createdAt)}
                </time>
                <Badge>Created</Badge>
                <span>from the upstream&apos;s record</span>
              </div>
              <p className="mt-0.5 text-sm">Client created outside the console: no audit record.</p>
            </li>
          ) : null}
        </ol>
      )}
      {pages.hasNextPage ? (
        <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? "Loading…" : "Older entries"}
        </Button>
      ) : null}
    </section>
  );
}
