"use client";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import { chainLabel } from "@/lib/chains";
import { fromBaseUnits, significant } from "@/lib/gas/decimal";
import { formatAmount, formatChange, formatCount, formatEstimate, formatRounded, formatShare } from "@/lib/gas/format";
import { monthLabel } from "@/lib/gas/months";
import { RANGE_LABELS, type GasRange } from "@/lib/gas/range";
import { nativeUnitOf } from "@/lib/gas/rows";
import type { Change } from "@/lib/gas/totals";
import type { ShownChain } from "@/lib/gas/view";
import { ForecastMethod } from "./forecast-method";
import { Swatch } from "./series-colors";

function ChangeFigure({ change, what }: { change: Change; what: string }) {
  const Icon =
    change.kind === "up" || change.kind === "new" ? ArrowUpRight : change.kind === "down" ? ArrowDownRight : ArrowRight;
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-3.5 text-muted" aria-hidden />
      <span className="tabular">{formatChange(change)}</span>
      <span className="text-muted">{what}</span>
    </span>
  );
}

function Figure({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** One chain's figures over the range: totals, sponsor, change against the previous month and the forecast. */
export function ChainSummary({ chain, range }: { chain: ShownChain; range: GasRange }) {
  const { history, totals, change, forecast, slot, chainId } = chain;
  const unit = nativeUnitOf(chainId);
  const name = chainLabel(chainId);
  const headingId = `gas-summary-${slot}`;
  const rangeLabel = RANGE_LABELS[range].toLowerCase();
  return (
    <article
      aria-labelledby={headingId}
      data-testid="gas-summary"
      data-chain={chainId}
      className="@container min-w-0 rounded border border-border bg-surface p-4"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Swatch slot={slot} />
        <h3 id={headingId} className="font-semibold">
          {name}
        </h3>
        <span className="font-mono text-xs text-muted">{chainId}</span>
      </header>
      <p className="mt-1 flex min-w-0 items-center gap-1 text-xs text-muted">
        <span>Sponsor</span>
        <span className="min-w-0 font-mono break-all text-fg" data-testid="gas-sponsor">
          {history.address}
        </span>
        <CopyButton value={history.address} label={`sponsor address on ${name}`} />
      </p>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-3 @sm:grid-cols-2 @3xl:grid-cols-4">
        <Figure label={`Sponsored, ${rangeLabel}`} testId="gas-total-usage">
          <span className="tabular">{formatAmount(fromBaseUnits(totals.usage, history.scale), unit)}</span>
        </Figure>
        <Figure label="Transactions sponsored" testId="gas-total-tx">
          <span className="tabular">{formatCount(totals.txCount)}</span>
        </Figure>
        <Figure label="Average per transaction" testId="gas-average">
          {totals.averagePerTx === null ? (
            <span className="text-muted">no transactions</span>
          ) : (
            <span className="tabular">{formatAmount(significant(totals.averagePerTx, history.scale, 6), unit)}</span>
          )}
        </Figure>
        <Figure
          label={change ? `${monthLabel(change.month)} vs ${monthLabel(change.previous).split(" ")[0]}` : "Change"}
        >
          {change ? (
            <span className="flex flex-col gap-0.5 font-normal">
              <ChangeFigure change={change.usage} what="gas" />
              <ChangeFigure change={change.txCount} what="transactions" />
            </span>
          ) : (
            <span className="text-muted">no complete month yet</span>
          )}
        </Figure>
      </dl>
      {forecast ? (
        <section aria-labelledby={`${headingId}-forecast`} className="mt-4 border-t border-border pt-3">
          <div className="flex items-center gap-2">
            <h4 id={`${headingId}-forecast`} className="text-sm font-medium">
              Forecast
            </h4>
            <Badge tone="warning">Estimate</Badge>
            <ForecastMethod forecast={forecast} unit={unit} />
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-3 @sm:grid-cols-2" data-testid="gas-forecast">
            <Figure label={`${monthLabel(forecast.current)}, by month end`}>
              <span className="tabular">{formatEstimate(forecast.usage.current, unit)}</span>
              <span className="block text-xs font-normal text-muted">
                ≈ {formatCount(forecast.txCount.current)} transactions · so far{" "}
                {formatRounded(forecast.usage.soFar, unit)}, {formatShare(forecast.elapsed)} of the month gone
              </span>
            </Figure>
            <Figure label={monthLabel(forecast.next)}>
              <span className="tabular">{formatEstimate(forecast.usage.next, unit)}</span>
              <span className="block text-xs font-normal text-muted">
                ≈ {formatCount(forecast.txCount.next)} transactions
              </span>
            </Figure>
          </dl>
        </section>
      ) : null}
      <p className="mt-3 text-xs text-muted">
        All time, as the upstream counts it: {formatAmount(fromBaseUnits(history.totalUsage, history.scale), unit)} in{" "}
        {formatCount(history.totalTxs)} transactions.
      </p>
    </article>
  );
}
