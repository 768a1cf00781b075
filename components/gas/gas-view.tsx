"use client";
import { Fuel } from "lucide-react";
import { EmptyState, Skeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { chartRows } from "@/lib/gas/chart-data";
import { RANGE_LABELS } from "@/lib/gas/range";
import { nativeUnitOf, usageRows } from "@/lib/gas/rows";
import { buildGasView } from "@/lib/gas/view";
import { ChainStateCard } from "./chain-state-card";
import { ChainSummary } from "./chain-summary";
import { ExportCsvButton } from "./export-csv-button";
import { GasChainsPicker } from "./gas-chains-picker";
import { RangePicker } from "./range-picker";
import { SERIES_SCOPE, Swatch } from "./series-colors";
import type { ChartSeries } from "./usage-chart";
import { UsageChartLazy } from "./usage-chart-lazy";
import { UsageTable } from "./usage-table";
import { useGasAnswers } from "./use-gas-answers";
import { useGasUrl } from "./use-gas-url";

/**
 * The gas page: chains and range from the URL, one card per chosen chain (its figures and forecast,
 * or why there are none), then the chart with the same numbers as a table beside it. `asOf` is the
 * page's clock, fixed on the server, so the server render, the hydrated page and the CSV agree.
 */
export function GasView({ asOf }: { asOf: number }) {
  const { chains, range, note, setChains, setRange } = useGasUrl();
  const { answers, retry } = useGasAnswers(chains);
  const view = buildGasView(answers, range, asOf);
  const histories = view.shown.map((c) => c.history);
  const rows = usageRows(histories, view.axis);
  const series: ChartSeries[] = view.shown.map((c) => ({
    slot: c.slot,
    chainId: c.chainId,
    label: chainLabel(c.chainId),
    unit: nativeUnitOf(c.chainId),
  }));
  const slots = Object.fromEntries(view.shown.map((c) => [c.chainId, c.slot]));
  const units = [...new Set(series.map((s) => s.unit))];
  const loading = view.states.some((s) => s.status === "loading");
  const title = `Gas sponsored per month, ${RANGE_LABELS[range].toLowerCase()}`;
  return (
    <div className={`space-y-5 ${SERIES_SCOPE}`}>
      <div className="flex flex-wrap items-end gap-x-5 gap-y-3 rounded border border-border bg-surface p-3">
        <GasChainsPicker value={chains} onChange={setChains} />
        <RangePicker value={range} onChange={setRange} />
        <div className="sm:ml-auto">
          <ExportCsvButton
            chains={view.shown.map((c) => c.chainId)}
            range={range}
            asOf={asOf}
            disabled={loading || view.shown.length === 0}
          />
        </div>
      </div>
      {note ? (
        <p role="status" className="rounded border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
          {note}
        </p>
      ) : null}
      {chains.length === 0 ? (
        <EmptyState title="Choose a chain" icon={<Fuel className="size-6" aria-hidden />}>
          Pick one or more EVM chains above to see the gas the custodian sponsored there.
        </EmptyState>
      ) : (
        // Two cards a row on wide screens; an odd last card takes the whole row rather than leave a hole.
        // The section's heading is for screen readers (and keeps the outline h1 → h2 → h3): the cards say what they are.
        <section aria-labelledby="gas-totals-heading">
          <h2 id="gas-totals-heading" className="sr-only">
            Totals per chain
          </h2>
          <div className="grid gap-4 xl:grid-cols-2 xl:[&>*:last-child:nth-child(odd)]:col-span-2">
            {view.states.map((state) =>
              state.status === "shown" ? (
                <ChainSummary key={state.chainId} chain={state} range={range} />
              ) : (
                <ChainStateCard
                  key={state.chainId}
                  state={state}
                  range={range}
                  onRetry={retry}
                  onShowAll={() => setRange("all")}
                />
              ),
            )}
          </div>
        </section>
      )}
      {view.shown.length > 0 ? (
        <section aria-labelledby="gas-chart-heading" className="space-y-2">
          <h2 id="gas-chart-heading" className="text-base font-semibold">
            {title}
          </h2>
          <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_fit-content(36rem)] xl:items-start">
            <figure className="min-w-0 rounded border border-border bg-surface p-3 xl:sticky xl:top-4">
              <div className="h-72 sm:h-80" data-testid="gas-chart">
                <UsageChartLazy rows={chartRows(view)} series={series} title={title} />
              </div>
              <figcaption className="mt-2 space-y-1 text-xs text-muted">
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-fg">
                  {series.map((s) => (
                    <span key={s.chainId} className="inline-flex items-center gap-1.5">
                      <Swatch slot={s.slot} /> {s.label}
                    </span>
                  ))}
                </span>
                <span className="block">
                  Solid line: gas sponsored ({units.join(", ")}, left axis). Bars: transactions (right axis). Dashed
                  line: the estimate for this month and the next. Hover or focus the chart for exact values.
                </span>
                {units.length > 1 ? (
                  <span className="block">
                    These chains pay gas in different coins ({units.join(", ")}): compare the shape of their lines, not
                    their heights.
                  </span>
                ) : null}
              </figcaption>
            </figure>
            <UsageTable rows={rows} slots={slots} />
          </div>
        </section>
      ) : loading ? (
        <Skeleton className="h-80 w-full" />
      ) : chains.length > 0 ? (
        <p className="text-sm text-muted">
          No chart: none of the chosen chains has sponsored gas to show in this range. Retry, widen the range or choose
          other chains above.
        </p>
      ) : null}
    </div>
  );
}
