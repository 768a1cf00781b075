"use client";
import { useQuery } from "@tanstack/react-query";
import { schedulesUrl } from "@/lib/alerts/routes";
import type { ScheduleView } from "@/lib/alerts/schedules";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * Every schedule with its latest runs; looked at again every 15 s while one runs (a period may end,
 * a run moves on), so a page left open shows each run as it comes.
 */
export function useSchedules() {
  return useQuery({
    queryKey: queryKeys.alerts.schedules(),
    queryFn: () => fetchJson<{ schedules: ScheduleView[] }>(schedulesUrl()),
    refetchInterval: (query) => (query.state.data?.schedules.some((s) => s.paused === null) ? 15_000 : false),
  });
}
