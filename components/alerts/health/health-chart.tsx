"use client";
/**
 * Delivery outcomes per bucket as stacked bars (recharts, loaded by the health page alone: see
 * health-chart-lazy.tsx). Colours are the theme's status colours, so the chart follows dark mode.
 */
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import type { HealthBucket } from "@/lib/alerts/health";

const tick = { fill: "var(--muted)", fontSize: 12 };

export default function HealthChart({
  buckets,
  label,
}: {
  buckets: HealthBucket[];
  label: (bucket: HealthBucket) => string;
}) {
  const data = buckets.map((b) => ({
    tick: label(b),
    success: b.success ?? 0,
    failed: b.failed ?? 0,
    pending: b.pending ?? 0,
  }));
  return (
    <BarChart
      data={data}
      responsive
      style={{ width: "100%", height: "100%" }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      title="Delivery outcomes over time"
      desc="The table below the chart lists the same numbers."
    >
      <CartesianGrid stroke="var(--border)" vertical={false} />
      <XAxis dataKey="tick" tick={tick} tickLine={false} axisLine={{ stroke: "var(--border)" }} minTickGap={16} />
      <YAxis tick={tick} tickLine={false} axisLine={false} allowDecimals={false} width={40} />
      <Tooltip
        cursor={{ fill: "var(--surface-2)" }}
        contentStyle={{ background: "var(--surface)", border: "1px solid var(--border)", fontSize: 12 }}
        labelStyle={{ color: "var(--fg)" }}
      />
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar dataKey="success" name="Delivered" stackId="s" fill="var(--success)" isAnimationActive={false} />
      <Bar dataKey="failed" name="Failed" stackId="s" fill="var(--danger)" isAnimationActive={false} />
      <Bar dataKey="pending" name="Pending" stackId="s" fill="var(--warning)" isAnimationActive={false} />
    </BarChart>
  );
}
