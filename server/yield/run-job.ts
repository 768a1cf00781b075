import "server-only";
import { z } from "zod";
import { shortAddress } from "@/lib/shared/format";
import { appendJobAuditOnce } from "@/server/audit/job-records";
import { getDb } from "@/server/db";
import { defineJob, JobInterruptedError } from "@/server/jobs";
import { safeFailureMessage } from "@/server/jobs/errors";
import { loadShares, testClientCredential } from "@/server/lab/test-clients";
import { logger } from "@/server/log";
import { createMpcClient, createYieldClient } from "@/server/upstream";
import { chainRpc } from "@/server/wallets/chain-rpc";
import { getRunRow, getSteps, setRunStatus, type YieldRunRow, type YieldStepRow } from "./runs-store";
import { StepDriver, StepFailure } from "./step-driver";
import { fencedStepUpdate, type Fence } from "./step-store";

export const yieldRunParamsSchema = z.object({
  yieldRunId: z.uuid(),
  /** Who started (or retried) the run: the actor of its audit records. */
  actor: z.object({ id: z.string(), email: z.string(), role: z.string() }),
});

/** Test hook: how often the chain is polled (a crash test shortens it). */
export const runnerTiming = { pollMs: 250, confirmTimeoutMs: 10 * 60_000 };

/**
 * Drives a yield run: its steps in stepIndex order, each confirmed on chain before the next (the
 * spec's rules). The job is the only writer of a run's steps while it holds the run's lease; after
 * a crash or a takeover it starts again from the steps' records, and StepDriver makes sure nothing
 * is signed or reported twice. A step that fails stops the run as "failed" (retry or abandon).
 */
export const yieldRunJob = defineJob({
  kind: "yield.run",
  params: yieldRunParamsSchema,
  maxAttempts: 5,
  retryDelaySeconds: 2,
  // Two: one run being driven and the next one waiting. Each instance drives one yield run at a
  // time (concurrency 1), so more queued runs from one developer only make everyone else's wait
  // behind them. A run is stopped on its own page (Abandon), so the refusal links there.
  perPersonLimit: {
    max: 2,
    noun: ["yield run", "yield runs"],
    stopVerb: "abandon",
    describe: async ({ yieldRunId }) => {
      const run = await getRunRow(await getDb(), yieldRunId);
      const what = run.intent === "manage" ? (run.actionType ?? "managing") : `${run.intent}ing`;
      return {
        text: `${what} ${run.yieldId} for client ${shortAddress(run.clientId, 6, 4)}`,
        href: `/yield/runs/${encodeURIComponent(yieldRunId)}`,
      };
    },
  },
  async run(ctx) {
    const db = await getDb();
    const run = await getRunRow(db, ctx.params.yieldRunId);
    if (run.status !== "running") return { status: run.status };
    const fence: Fence = { jobRunId: ctx.runId, attempt: ctx.attempt };
    const actor = ctx.params.actor;
    const steps = await getSteps(db, run.id);
    const signable = steps.filter((s) => s.phase !== "skipped");
    let done = signable.filter((s) => s.phase === "confirmed").length;
    const report = (step?: YieldStepRow, what?: string) =>
      ctx.progress({
        done,
        total: signable.length,
        message: step ? `Step ${step.stepIndex + 1}: ${step.title ?? step.type ?? "transaction"} — ${what}` : null,
      });
    report();
    let current: YieldStepRow | undefined;
    try {
      const driver = await makeDriver(run, fence, ctx.signal, actor);
      for (const step of steps) {
        if (step.phase === "skipped" || step.phase === "confirmed") continue;
        current = step;
        report(step, "in progress");
        await driver.drive(step);
        done++;
        report(step, "confirmed");
      }
    } catch (error) {
      if (ctx.signal.aborted || error instanceof JobInterruptedError) throw error;
      const part = error instanceof StepFailure ? error.part : "sign";
      const reason = error instanceof StepFailure ? error.message : safeFailureMessage(error);
      if (!(error instanceof StepFailure)) logger.error({ err: error, yieldRunId: run.id }, "yield run stopped");
      if (current) await fencedStepUpdate(db, fence, current, { phase: "failed", failedPart: part, error: reason });
      const where = current
        ? `Step ${current.stepIndex + 1} (${current.title ?? current.type ?? "transaction"})`
        : "The run";
      const summary = `${where} failed${current ? ` at ${part}` : ""}: ${reason}`;
      await setRunStatus(db, run.id, ["running"], "failed", { error: summary });
      await finish(ctx.runId, run, actor, "error", { done, total: signable.length, error: summary });
      return { status: "failed" as const };
    }
    await setRunStatus(db, run.id, ["running"], "succeeded", { error: null });
    await finish(ctx.runId, run, actor, "ok", { done, total: signable.length });
    return { status: "succeeded" as const };
  },
});

async function makeDriver(
  run: YieldRunRow,
  fence: Fence,
  signal: AbortSignal,
  actor: z.infer<typeof yieldRunParamsSchema>["actor"],
): Promise<StepDriver> {
  const db = await getDb();
  const credential = await testClientCredential(db, run.clientId);
  const shares = await loadShares(db, run.clientId, "signing");
  if (!shares)
    throw new StepFailure(
      "sign",
      "The console holds no signing shares for this client: generate its wallet in the wallet lab first.",
    );
  return new StepDriver({
    db,
    run,
    fence,
    signal,
    actor,
    mpc: createMpcClient(credential),
    yields: createYieldClient(credential),
    rpc: chainRpc(run.chainId),
    stillRunning: async () => (await getRunRow(db, run.id)).status === "running",
    share: shares.SECP256K1.share,
    ...runnerTiming,
  });
}

function finish(
  jobRunId: string,
  run: YieldRunRow,
  actor: z.infer<typeof yieldRunParamsSchema>["actor"],
  outcome: "ok" | "error",
  facts: Record<string, unknown>,
) {
  return appendJobAuditOnce(jobRunId, {
    actor,
    action: "yield.run",
    target: run.clientId,
    outcome,
    ...(outcome === "error" ? { errorCode: "UPSTREAM", errorMessage: String(facts.error ?? "") } : {}),
    input: { runId: run.id, yieldId: run.yieldId, intent: run.intent, actionType: run.actionType, ...facts },
  });
}
