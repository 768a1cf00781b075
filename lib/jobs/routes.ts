/** The jobs' data route (app/api/jobs/): one durable job's run, for its progress. */

export const jobRunUrl = (runId: string) => `/api/jobs/${encodeURIComponent(runId)}`;
