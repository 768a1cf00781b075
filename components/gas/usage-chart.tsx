"use client";
/**
 * The usage chart (recharts, loaded only by the gas page: see usage-chart-lazy.tsx). Per chain, a
 * solid line of gas sponsored per month on the left axis, bars of transactions on the right axis,
 * and a dashed line from the last complete month through the estimates. Colours and text use the
 * theme's CSS variables, so the chart follows light and dark mode.
 */
import { useMemo } from "react";
import { Bar, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import type { ChartRow } from "@/lib/gas/chart-data";
import { groupDigits } from "@/lib/gas/decimal";
import { formatCount, formatEstimate } from "@/lib/gas/format";
import { monthLabel } from "@/lib/gas/months";
import { seriesColor, Swatch } from "./series-colors";

export interface ChartSeries {
  slot: number;
  chainId: string;
  label: string;
  unit: string;
}

type FlatRow = { row: ChartRow; tick: string } & Record<string, number | null | string | ChartRow>;

const axisNumber = new Intl.NumberFormat("en", { maximumSignificantDigits: 3 });
const axisCount = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });
const tick = { fill: "var(--muted)", fontSize: 12 };

function GasTooltip({ active, payload, series }: TooltipContentProps & { series: ChartSeries[] }) {
  const flat = payload?.[0]?.payload as FlatRow | undefined;
  if (!active || !flat) return null;
  const { row } = flat;
  return (
    <div
      data-testid="gas-tooltip"
      className="min-w-56 rounded border border-border bg-surface p-2.5 text-xs text-fg shadow-lg"
    >
      <p className="mb-1.5 font-medium">
        {monthLabel(row.month)}
        {row.future ? <span className="font-normal text-muted"> · estimate</span> : null}
      </p>
      <ul className="space-y-1.5">
        {series.map((s, i) => {
          const usage = row.usageExact[i];
          const tx = row.txCount[i];
          const estimate = row.estimate[i];
          const estimatedTx = row.estimatedTx[i];
          return (
            <li key={s.chainId} data-chain={s.chainId} className="flex gap-2">
              <Swatch slot={s.slot} />
              <div className="-mt-0.5">
                <p className="font-medium">{s.label}</p>
                {usage !== null && usage !== undefined ? (
                  <p className="tabular" data-testid="tooltip-actual">
                    {groupDigits(usage)} {s.unit} · {formatCount(tx ?? 0)} transaction{tx === 1 ? "" : "s"}
                  </p>
                ) : null}
                {estimatedTx !== null && estimatedTx !== undefined && estimate !== null && estimate !== undefined ? (
                  <p className="text-muted tabular">
                    {row.future ? "" : "by month end "}
                    {formatEstimate(estimate, s.unit)} · ≈ {formatCount(estimatedTx)} transactions
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export default function UsageChart({
  rows,
  series,
  title,
}: {
  rows: ChartRow[];
  series: ChartSeries[];
  title: string;
}) {
  const data = useMemo(
    () =>
      rows.map((row) => {
        const flat: FlatRow = { row, tick: row.tick };
        series.forEach((_, i) => {
          flat[`u${i}`] = row.usage[i] ?? null;
          flat[`t${i}`] = row.txCount[i] ?? null;
          flat[`e${i}`] = row.estimate[i] ?? null;
        });
        return flat;
      }),
    [rows, series],
  );
  const units = [...new Set(series.map((s) => s.unit))].join(", ");
  return (
    <ComposedChart
      data={data}
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 8, right: 4, bottom: 4, left: 4 }}
      title={title}
      desc="The table beside the chart lists the same numbers."
      barCategoryGap="20%"
    >
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis dataKey="tick" tick={tick} stroke="var(--border)" tickLine={false} minTickGap={12} />
      <YAxis
        yAxisId="usage"
        tick={tick}
        stroke="var(--border)"
        tickFormatter={(v: number) => axisNumber.format(v)}
        width={64}
        label={{
          value: `Gas (${units})`,
          angle: -90,
          position: "insideLeft",
          fill: "var(--muted)",
          fontSize: 12,
          dy: 40,
        }}
      />
      <YAxis
        yAxisId="tx"
        orientation="right"
        allowDecimals={false}
        tick={tick}
        stroke="var(--border)"
        tickFormatter={(v: number) => axisCount.format(v)}
        width={52}
        label={{
          value: "Transactions",
          angle: 90,
          position: "insideRight",
          fill: "var(--muted)",
          fontSize: 12,
          dy: -40,
        }}
      />
      <Tooltip
        cursor={{ fill: "var(--surface-2)", fillOpacity: 0.6 }}
        content={(props) => <GasTooltip {...props} series={series} />}
        isAnimationActive={false}
      />
      {series.map((s, i) => (
        <Bar
          key={`t${s.chainId}`}
          yAxisId="tx"
          dataKey={`t${i}`}
          name={`${s.label} transactions`}
          fill={seriesColor(s.slot)}
          fillOpacity={0.28}
          isAnimationActive={false}
        />
      ))}
      {series.map((s, i) => (
        <Line
          key={`u${s.chainId}`}
          yAxisId="usage"
          type="linear"
          dataKey={`u${i}`}
          name={`${s.label} gas`}
          stroke={seriesColor(s.slot)}
          strokeWidth={2}
          dot={{ r: 3, fill: seriesColor(s.slot), strokeWidth: 0 }}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      ))}
      {series.map((s, i) => (
        <Line
          key={`e${s.chainId}`}
          yAxisId="usage"
          type="linear"
          dataKey={`e${i}`}
          name={`${s.label} estimate`}
          stroke={seriesColor(s.slot)}
          strokeWidth={2}
          strokeDasharray="5 4"
          dot={{ r: 3, fill: "var(--surface)", stroke: seriesColor(s.slot), strokeWidth: 1.5 }}
          activeDot={false}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </ComposedChart>
  );
}
