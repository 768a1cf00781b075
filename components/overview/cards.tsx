"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { DropsSoon } from "@/components/alerts/horizon/drops-soon";
import { SummaryLeftOut } from "@/components/alerts/test-activity/summary-left-out";
import { WatchdogCount } from "@/components/alerts/watchdog/watchdog-count";
import { Badge } from "@/components/ui/badge";
import { webhooksUrl } from "@/lib/alerts/routes";
import type { WebhookSummary } from "@/lib/alerts/views";
import type { AuditPage } from "@/lib/audit";
import { auditActionLabel } from "@/lib/audit/catalog";
import { latestAuditUrl } from "@/lib/audit/routes";
import type { GasThisMonth } from "@/lib/overview";
import { overviewClientsUrl, overviewGasUrl } from "@/lib/overview/routes";
import { utc } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { CardError, OverviewCard } from "./card";

export function ClientsCard() {
  const q = useQuery({
    queryKey: queryKeys.overview.clients(),
    queryFn: () => fetchJson<{ total: number }>(overviewClientsUrl()),
  });
  return (
    <OverviewCard title="Clients" href="/clients" linkLabel="All clients">
      {q.isError ? (
        <CardError message={q.error.message} error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        <p>
          <span className="text-3xl font-semibold tabular" data-testid="client-count">
            {q.data.total.toLocaleString("en")}
          </span>{" "}
          <span className="text-muted">clients</span>
        </p>
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </OverviewCard>
  );
}

export function DeliveriesCard() {
  const q = useQuery({
    queryKey: queryKeys.alerts.webhooks(),
    queryFn: () => fetchJson<{ webhooks: WebhookSummary[] }>(webhooksUrl()),
  });
  return (
    <OverviewCard title="Failed deliveries, last 24 hours" href="/alerts" linkLabel="Alerts">
      {q.isError ? (
        <CardError message={q.error.message} error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        q.data.webhooks.length === 0 ? (
          <p className="text-muted">No alert webhooks are configured.</p>
        ) : (
          <ul className="space-y-1.5">
            {q.data.webhooks.map((w) => (
              <li key={w.id} className="flex min-w-0 flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="min-w-0 truncate font-mono text-xs" title={w.url}>
                  {w.url.replace(/^https?:\/\//, "")}
                </span>
                <span className="flex min-w-0 flex-wrap justify-end gap-1">
                  {w.failedLast24h === null ? (
                    <span className="text-xs text-muted">not counted</span>
                  ) : w.failedLast24h === 0 ? (
                    <Badge tone="success">none</Badge>
                  ) : (
                    <Link
                      href={`/alerts/${encodeURIComponent(w.id)}?status=failed&from=${encodeURIComponent(w.failedSince)}&test=exclude`}
                      className="shrink-0 hover:underline"
                    >
                      <Badge tone="danger">{w.failedLast24h.toLocaleString("en")} failed</Badge>
                    </Link>
                  )}
                  {w.dropsWithinDay ? <DropsSoon webhook={w} /> : null}
                  {w.watchdogFindings || w.watchdogDisputed ? <WatchdogCount webhook={w} /> : null}
                  <SummaryLeftOut webhook={w} />
                </span>
              </li>
            ))}
          </ul>
        )
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </OverviewCard>
  );
}

export function GasCard() {
  const q = useQuery({
    queryKey: queryKeys.overview.gas(),
    queryFn: () => fetchJson<GasThisMonth>(overviewGasUrl()),
  });
  const chains = q.data?.chains.map((c) => c.chainId).join(",");
  return (
    <OverviewCard
      title={q.data ? `Gas sponsored, ${q.data.month}` : "Gas sponsored this month"}
      href={chains ? `/gas?chains=${chains}` : "/gas"}
      linkLabel="Gas"
    >
      {q.isError ? (
        <CardError message={q.error.message} error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        <>
          {q.data.chains.length === 0 ? (
            <p className="text-muted">No sponsored transactions yet this month.</p>
          ) : (
            <ul className="space-y-1.5">
              {q.data.chains.map((c) => (
                <li key={c.chainId} className="flex items-center justify-between gap-2">
                  <Link href={`/gas?chains=${c.chainId}`} className="truncate hover:underline" title={c.chainId}>
                    {c.label}
                  </Link>
                  <span className="text-xs whitespace-nowrap tabular" data-testid="gas-month">
                    {c.usage} {c.symbol} · {c.txCount.toLocaleString("en")} tx
                  </span>
                </li>
              ))}
            </ul>
          )}
          {q.data.unreadable.length > 0 ? (
            <p className="mt-2 text-xs text-danger">Could not read: {q.data.unreadable.join(", ")}</p>
          ) : null}
        </>
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </OverviewCard>
  );
}

export function AuditCard() {
  const q = useQuery({
    queryKey: queryKeys.audit.list({}, undefined, 5),
    queryFn: () => fetchJson<AuditPage>(latestAuditUrl(5)),
  });
  return (
    <OverviewCard title="Latest audit records" href="/audit" linkLabel="Audit log">
      {q.isError ? (
        <CardError message={q.error.message} error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        <ul className="space-y-1.5">
          {q.data.records.map((r) => (
            <li key={r.id} className="flex min-w-0 items-center justify-between gap-2">
              <Link href={`/audit?record=${r.id}`} className="min-w-0 truncate hover:underline" title={r.action}>
                {auditActionLabel(r.action)}
              </Link>
              <span className="shrink-0 text-xs text-muted tabular">{utc(r.at).replace(" UTC", "")}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">Loading…</p>
      )}
    </OverviewCard>
  );
}
