"use client";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/states";

/** The chart as its own chunk after the page shows; the table beside it holds the same numbers meanwhile. */
export const HealthChartLazy = dynamic(() => import("./health-chart"), {
  ssr: false,
  loading: () => <Skeleton className="h-64 w-full" />,
});
