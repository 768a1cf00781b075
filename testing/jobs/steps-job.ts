import "server-only";
import { appendFileSync } from "node:fs";
import { z } from "zod";
import { defineJob } from "@/server/jobs/registry";

/**
 * A long job for the takeover tests, run both by a child process and by the test process: it
 * walks through `steps` steps of `stepMs`, saves a checkpoint every `checkpointEvery` steps, and
 * appends every step's start and end (and every saved checkpoint) to `logFile`, so the test can
 * see which process ran which step, and when.
 */
export interface StepEvent {
  pid: number;
  runId: string;
  attempt: number;
  step: number;
  phase: "start" | "end" | "checkpoint" | "aborted" | "refused";
  at: number;
}

export const stepsJob = defineJob({
  kind: "test.steps",
  params: z.object({
    steps: z.number().int().positive(),
    stepMs: z.number().int().nonnegative(),
    checkpointEvery: z.number().int().positive(),
    logFile: z.string(),
  }),
  checkpoint: z.object({ next: z.number().int().nonnegative() }),
  concurrency: 2,
  async run(ctx) {
    const { steps, stepMs, checkpointEvery, logFile } = ctx.params;
    const log = (step: number, phase: StepEvent["phase"]) => {
      const event: StepEvent = {
        pid: process.pid,
        runId: ctx.runId,
        attempt: ctx.attempt,
        step,
        phase,
        at: Date.now(),
      };
      appendFileSync(logFile, `${JSON.stringify(event)}\n`);
    };
    for (let step = ctx.checkpoint?.next ?? 0; step < steps; step++) {
      if (ctx.signal.aborted) {
        log(step, "aborted");
        throw ctx.signal.reason;
      }
      log(step, "start");
      await new Promise((resolve) => setTimeout(resolve, stepMs));
      log(step, "end");
      ctx.progress({ done: step + 1, total: steps });
      if ((step + 1) % checkpointEvery === 0) {
        try {
          await ctx.saveCheckpoint({ next: step + 1 });
        } catch (error) {
          log(step + 1, "refused");
          throw error;
        }
        log(step + 1, "checkpoint");
      }
    }
    return { steps };
  },
});

export function readStepEvents(text: string): StepEvent[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as StepEvent);
}
