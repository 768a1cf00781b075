"use client";
import { useQuery } from "@tanstack/react-query";
import { AddressOwner } from "@/components/clients/address-owner";
import { Badge } from "@/components/ui/badge";
import { retryOffsetMs, RETRY_DELAYS_MS } from "@/lib/alerts/delivery-schedule";
import { transactionUrl } from "@/lib/alerts/routes";
import { alertRound, transferUnit, type TransactionView } from "@/lib/alerts/transaction";
import type { AlertEvent } from "@/lib/contracts";
import { shortAddress } from "@/lib/shared/format";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import { wallTimeSeconds } from "@/lib/shared/time-zone";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}

/** The transfer as the chain has it now, through the upstream's RPC gateway. */
function OnChain({ view }: { view: TransactionView }) {
  const { chain } = view;
  if (chain.kind === "missing")
    return (
      <p className="text-sm" data-testid="chain-verdict">
        <Badge tone="danger">not on the chain</Badge> The gateway knows no transaction {shortAddress(view.hash, 10, 6)}:
        a reorganisation or a replacement dropped it, or it was never mined.
      </p>
    );
  if (chain.kind === "unknown")
    return (
      <p className="text-sm" data-testid="chain-verdict">
        <Badge tone="warning">not known</Badge> {chain.message}
      </p>
    );
  return (
    <dl className="text-sm" data-testid="chain-verdict">
      <Row label="Status">
        <Badge tone={chain.status === "success" ? "success" : "danger"}>
          {chain.status === "success" ? "mined" : "mined, reverted"}
        </Badge>
      </Row>
      <Row label="Block">
        <span className="tabular">
          {chain.blockNumber} · {chain.confirmations.toLocaleString("en")} confirmations now
        </span>
      </Row>
      <Row label="From → to">
        <span className="flex flex-wrap items-center gap-x-1.5 text-xs">
          <AddressOwner address={chain.from} /> →{" "}
          {chain.to ? <AddressOwner address={chain.to} /> : <span className="text-muted">(contract creation)</span>}
        </span>
      </Row>
      <Row label="Fee">
        <span className="tabular">
          {chain.fee.amount} {chain.fee.symbol}
        </span>
      </Row>
      <Row label="Transfers">
        {chain.transfers.length === 0 ? (
          <span className="text-muted">none</span>
        ) : (
          <ul className="space-y-1" data-testid="chain-transfers">
            {chain.transfers.map((t, i) => (
              <li key={i} className="text-xs">
                <span className="font-medium tabular">
                  {t.amount ?? t.rawAmount} {transferUnit(view.chainId, t.token)}
                </span>{" "}
                <span className="inline-flex flex-wrap items-center gap-x-1.5 text-muted">
                  <AddressOwner address={t.from} /> → <AddressOwner address={t.to} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </Row>
    </dl>
  );
}

/**
 * The event's delivery attempts as the listing tells them: the first at its creation, the last at its
 * last update with its error; those between at the times the documented schedule put them.
 */
function Attempts({ event, tz, retryScale }: { event: AlertEvent; tz: string; retryScale: number }) {
  const created = Date.parse(event.createdAt);
  const attempts = Array.from({ length: event.retries + 1 }, (_, n) => {
    const last = n === event.retries;
    const at = last ? Date.parse(event.updatedAt) : created + retryOffsetMs(n, retryScale);
    const outcome = last ? event.deliveryStatus : "failed";
    return { n, at, outcome, message: last ? event.errorMessage : null, derived: !last && n > 0 };
  });
  return (
    <ol className="space-y-1 text-sm" data-testid="delivery-attempts">
      {attempts.map((a) => (
        <li key={a.n} className="flex flex-wrap items-center gap-2">
          <span className="w-20 text-muted">{a.n === 0 ? "first" : `retry ${a.n}`}</span>
          <time dateTime={new Date(a.at).toISOString()} className="tabular">
            {wallTimeSeconds(new Date(a.at), tz)}
          </time>
          {a.derived ? <span className="text-xs text-muted">(by the schedule)</span> : null}
          <Badge tone={a.outcome === "success" ? "success" : a.outcome === "pending" ? "warning" : "danger"}>
            {a.outcome}
          </Badge>
          {a.message ? <span className="text-xs text-muted">{a.message}</span> : null}
        </li>
      ))}
      {event.deliveryStatus === "failed" && event.retries >= RETRY_DELAYS_MS.length ? (
        <li className="text-xs text-danger">Dropped after the seventh retry: only a replay delivers it now.</li>
      ) : null}
    </ol>
  );
}

/** The chain's view of an event's transaction, its attempts, and the other alerts of the same transaction. */
export function EventChain({ webhookId, event, tz }: { webhookId: string; event: AlertEvent; tz: string }) {
  const hash = event.transactionHashes[0];
  const view = useQuery({
    queryKey: queryKeys.alerts.transaction(webhookId, event.chainId, hash ?? ""),
    queryFn: () => fetchJson<TransactionView>(transactionUrl(webhookId, event.chainId, hash as string)),
    enabled: hash !== undefined && event.chainId.startsWith("eip155:"),
  });
  return (
    <div className="space-y-4">
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">Delivery attempts</h3>
        {/* Until the transaction is read, the documented schedule; then the upstream's own (a sandbox may compress it). */}
        <Attempts event={event} tz={tz} retryScale={view.data?.retryScale ?? 1} />
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold">On the chain</h3>
        {view.isPending ? (
          <p className="text-sm text-muted">Asking the chain…</p>
        ) : view.isError ? (
          <p role="alert" className="text-sm text-danger">
            {view.error.message}
          </p>
        ) : (
          <OnChain view={view.data} />
        )}
      </section>
      {view.data ? (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold">Alerts of this transaction</h3>
          <ol className="space-y-1 text-sm" data-testid="transaction-alerts">
            {view.data.alerts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <span className="w-40 text-muted">
                  {alertRound(a, view.data.alerts[0] as AlertEvent, view.data.confirmationWaitMs)}{" "}
                  <span className="text-xs">(by its time)</span>
                </span>
                <time dateTime={a.createdAt} className="tabular">
                  {wallTimeSeconds(a.createdAt, tz)}
                </time>
                <Badge
                  tone={
                    a.deliveryStatus === "success" ? "success" : a.deliveryStatus === "failed" ? "danger" : "warning"
                  }
                >
                  {a.deliveryStatus}
                </Badge>
                <span className="font-mono text-xs text-muted">{a.id === event.id ? "this event" : a.id}</span>
              </li>
            ))}
          </ol>
          <p className="text-xs text-muted">
            The upstream sends an alert per transfer when it sees the transaction (unconfirmed) and each again once the
            chain is its confirmation depth past it (confirmed). Which round an alert belongs to is inferred from when
            it was raised: within half the chain&apos;s confirmation wait of the first alert, the first round. The
            record&apos;s own <code>confirmed</code> field is not this: it is 1 once the alert was delivered, null
            before.
          </p>
        </section>
      ) : null}
    </div>
  );
}
