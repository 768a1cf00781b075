import "server-only";
import { and, isNotNull, isNull, lt, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, tables } from "@/server/db";
import { defineJob, JobError, startJob, type JobActor } from "@/server/jobs";
import { logger } from "@/server/log";
import { writeEvidencePack } from "./store";

/**
 * When the pack is written, and why this way. The download of the shares is the ejection's completion,
 * and its audit record (the outcome defineAction writes after the action's `run` returns) belongs in
 * the pack, so the pack cannot be written inside `run`. Nor in the browser's next request: that may
 * never come. So `run` queues this durable job (pg-boss, server/jobs) once the shares are in hand; the
 * job waits for the outcome record by retrying (a few seconds apart), then reads the upstream and signs.
 * Whatever happens to the job (the instance dies, the upstream is down past its attempts, the queue
 * could not be reached when the shares were handed out), the sweep below finds every completed request
 * without a pack and queues it again: a pack is retried until written, never dropped in silence.
 *
 * The job touches neither the shares nor the download: the requester already has the file when it
 * runs, and nothing it does (or fails to do) can hand the shares out again or take them back.
 */
export const ejectEvidenceJob = defineJob({
  kind: "ejects.evidence",
  params: z.object({ requestId: z.uuid() }),
  // About two minutes of attempts: past the wait for the outcome record (build.ts OUTCOME_GRACE_MS).
  maxAttempts: 40,
  retryDelaySeconds: 3,
  concurrency: 2,
  run: async ({ params }) => {
    const outcome = await writeEvidencePack(await getDb(), params.requestId);
    if (outcome.state === "waiting") throw new JobError("Waiting for the download's audit record.", { retry: true });
    return outcome;
  },
});

/** The console's own name on runs it starts itself. */
const SWEEPER: JobActor = { id: "system:eject-evidence", email: "eject-evidence@console" };

/**
 * Queues the pack of a request; a run already queued or going for it is joined. Never throws: the
 * shares are in the requester's hands by then, and a pack not queued now is queued by the sweep.
 */
export async function queueEvidencePack(requestId: string, by: JobActor = SWEEPER): Promise<void> {
  await startJob(ejectEvidenceJob, { requestId }, { singletonKey: `eject-evidence:${requestId}`, startedBy: by }).catch(
    (error: unknown) => logger.warn({ err: error, ejectRequestId: requestId }, "eject evidence pack not queued"),
  );
}

/** Completed requests whose pack is missing this long after the download are queued again. */
const SWEEP_AFTER_MS = 5 * 60_000;

/** Queues every completed request without a pack whose download is older than SWEEP_AFTER_MS; returns their ids. */
export async function sweepMissingPacks(now = new Date()): Promise<string[]> {
  const db = await getDb();
  const r = tables.ejectRequests;
  const rows = await db
    .select({ id: r.id })
    .from(r)
    .leftJoin(tables.ejectEvidence, eq(tables.ejectEvidence.requestId, r.id))
    .where(
      and(
        isNotNull(r.sharesFetchedAt),
        lt(r.sharesFetchedAt, new Date(now.getTime() - SWEEP_AFTER_MS)),
        isNull(tables.ejectEvidence.requestId),
      ),
    )
    .limit(50);
  for (const { id } of rows) await queueEvidencePack(id);
  return rows.map((row) => row.id);
}

const globalForSweep = globalThis as unknown as { consoleEvidenceSweep?: NodeJS.Timeout };

/** Every instance sweeps every five minutes (the queue's singleton key makes concurrent sweeps one run). */
export function startEvidenceSweep(): void {
  if (globalForSweep.consoleEvidenceSweep) return;
  const sweep = () => {
    sweepMissingPacks()
      .then((queued) => {
        // Loud on purpose: each of these is an ejection whose evidence is still owed.
        if (queued.length > 0) logger.error({ ejectRequestIds: queued }, "eject evidence packs missing: queued again");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "eject evidence sweep failed"));
  };
  globalForSweep.consoleEvidenceSweep = setInterval(sweep, SWEEP_AFTER_MS);
  globalForSweep.consoleEvidenceSweep.unref();
  setTimeout(sweep, 10_000).unref();
}
