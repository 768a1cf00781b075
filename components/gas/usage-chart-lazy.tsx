"use client";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/states";

/**
 * The chart, fetched as its own chunk after the page shows: recharts (and what it brings) weighs
 * on this page alone, never on the shell or another page's JavaScript. The table beside it holds
 * the same numbers meanwhile.
 */
export const UsageChartLazy = dynamic(() => import("./usage-chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});
