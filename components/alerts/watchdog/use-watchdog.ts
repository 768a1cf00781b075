"use client";
import { useQuery } from "@tanstack/react-query";
import { watchdogUrl } from "@/lib/alerts/routes";
import type { TestMode } from "@/lib/alerts/test-activity";
import type { WatchdogReport } from "@/lib/alerts/watchdog";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** The chain watchdog's report on the webhook's last day, test activity as `test` says. */
export function useWatchdog(webhookId: string, test: TestMode) {
  return useQuery({
    queryKey: queryKeys.alerts.watchdog(webhookId, test),
    queryFn: () => fetchJson<WatchdogReport>(watchdogUrl(webhookId, test)),
  });
}
