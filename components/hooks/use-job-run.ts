"use client";
import { useQuery } from "@tanstack/react-query";
import { isActive, type JobRunView } from "@/lib/jobs";
import { jobRunUrl } from "@/lib/jobs/routes";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";

/**
 * Follows a server job: polled every second while it is queued or running, then left alone.
 * `onFinish` is called once with the run that ended (succeeded, failed or cancelled).
 */
export function useJobRun<R>(
  runId: string | undefined,
  initial?: JobRunView<R>,
  onFinish?: (run: JobRunView<R>) => void,
) {
  return useQuery({
    queryKey: queryKeys.jobs.run(runId ?? ""),
    queryFn: async () => {
      const run = await fetchJson<JobRunView<R>>(jobRunUrl(runId ?? ""));
      if (!isActive(run)) onFinish?.(run);
      return run;
    },
    enabled: runId !== undefined,
    initialData: initial && initial.id === runId ? initial : undefined,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data) ? false : 1000),
  });
}
