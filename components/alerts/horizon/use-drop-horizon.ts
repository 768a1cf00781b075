"use client";
import { useQuery } from "@tanstack/react-query";
import type { DropHorizon } from "@/lib/alerts/drop-horizon";
import { horizonUrl } from "@/lib/alerts/routes";
import { SUMMARY_TEST_MODE, type TestMode } from "@/lib/alerts/test-activity";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/** The drop horizon, test activity left out unless `test` says otherwise (the summary pages' default). */
export function useDropHorizon(webhookId: string, test: TestMode = SUMMARY_TEST_MODE) {
  return useQuery({
    queryKey: queryKeys.alerts.horizon(webhookId, test),
    queryFn: () => fetchJson<DropHorizon>(horizonUrl(webhookId, test)),
  });
}
