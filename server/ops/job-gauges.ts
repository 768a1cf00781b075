import "server-only";
import { sql } from "drizzle-orm";
import { JOB_ACCESS } from "@/lib/jobs";
import { tables, type Db } from "@/server/db";
import { jobRuns } from "./metrics";

/**
 * Job runs by kind and state, read from `job_runs` at scrape time: queued, running, lease_lapsed
 * (running, but its owner stopped renewing: an instance died and the sweep has not handed it on yet)
 * and failed_last_hour. Every instance reports the same figures; graph one. Every known kind has all
 * four series from the first scrape, 0 until a run is in that state, so an alert rule on
 * `lease_lapsed > 0` or `failed_last_hour > 0` has a series to watch before the first run is queued.
 */
export const JOB_STATES = ["queued", "running", "lease_lapsed", "failed_last_hour"] as const;

export async function refreshJobGauges(db: Db, now = new Date()): Promise<void> {
  const runs = tables.jobRuns;
  const hourAgo = new Date(now.getTime() - 3600_000);
  const rows = await db
    .select({
      kind: runs.kind,
      state: sql<string>`case
        when ${runs.status} = 'running' and ${runs.leaseExpiresAt} < ${now.toISOString()}::timestamptz then 'lease_lapsed'
        when ${runs.status} = 'failed' then 'failed_last_hour'
        else ${runs.status} end`,
      count: sql<number>`count(*)::int`,
    })
    .from(runs)
    .where(
      sql`${runs.status} in ('queued', 'running') or (${runs.status} = 'failed' and ${runs.finishedAt} >= ${hourAgo.toISOString()}::timestamptz)`,
    )
    .groupBy(sql`1, 2`);
  const gauge = jobRuns();
  gauge.reset();
  for (const kind of Object.keys(JOB_ACCESS)) for (const state of JOB_STATES) gauge.set({ kind, state }, 0);
  for (const row of rows) gauge.set({ kind: row.kind, state: row.state }, Number(row.count));
}
