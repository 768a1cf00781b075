/**
 * The yield runner's own cost: a 3-step flow (enter the USDC vault: approve + supply; then exit it:
 * withdraw) on the sandbox's local chain with instant mining, driven by the job as in the console
 * (PGlite, default job timing). Every request to the upstream (signer, provider, chain gateway) is
 * timed; the console's time is the wall time minus the time spent waiting on those requests: job
 * pickup, database writes, audit records and polling gaps. Per step and in total (target ≤ 1 s).
 */
import { performance } from "node:perf_hooks";
import { median } from "../testing/stats";
import type { Figure } from "./figure";

export const title = "Yield runner: console time beyond the upstream's, for a 3-step flow";

interface Span {
  start: number;
  end: number;
}

/** Time inside [from, to] covered by the spans (they do not overlap: the runner waits for each). */
function covered(spans: Span[], from: number, to: number): number {
  return spans.reduce((sum, s) => sum + Math.max(0, Math.min(s.end, to) - Math.max(s.start, from)), 0);
}

export async function run(): Promise<Figure[]> {
  const { startYieldHarness, makeTestClient, developer } = await import("@/testing/yield/console");
  const { openDb } = await import("../server/db/client");
  const { setDbForTests, getDb } = await import("../server/db");
  const { startJobWorkers, stopJobWorkers } = await import("../server/jobs");
  const { previewAction } = await import("../server/yield/preview");
  const { startRun } = await import("../server/yield/control");
  const { getRunView } = await import("../server/yield/runs-store");
  const { opportunities } = await import("../server/yield/reads");
  const { runnerTiming } = await import("../server/yield/run-job");

  const h = await startYieldHarness();
  const handle = await openDb({});
  setDbForTests(handle);
  await startJobWorkers();
  const spans: Span[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const start = performance.timeOrigin + performance.now();
    try {
      return await realFetch(input, init);
    } finally {
      spans.push({ start, end: performance.timeOrigin + performance.now() });
    }
  };
  try {
    const db = await getDb();
    const client = await makeTestClient(db, false);
    const vault = (await opportunities(client.clientId, { network: "eip155:11155111", sort: "rate-desc" })).find(
      (o) => o.type === "lending" && o.token.symbol === "USDC",
    );
    if (!vault) throw new Error("the sandbox offers no USDC vault");

    const perStep: number[] = [];
    let total = 0;
    const drive = async (intent: "enter" | "exit") => {
      const preview = await previewAction(developer, {
        intent,
        clientId: client.clientId,
        yieldId: vault.id,
        arguments: { amount: "10" },
        stripGas: false,
      });
      spans.length = 0;
      const started = Date.now();
      await startRun(developer, preview.id);
      let view = await getRunView(db, preview.id);
      while (view.status === "running") {
        await new Promise((r) => setTimeout(r, 20));
        view = await getRunView(db, preview.id);
      }
      if (view.status !== "succeeded") throw new Error(`the ${intent} run ended ${view.status}: ${view.error}`);
      // The run is done when its last step is confirmed (recorded by the job), not when this loop noticed.
      const ended = Math.max(...view.steps.map((s) => Date.parse(s.confirmedAt ?? "0")));
      total += ended - started - covered(spans, started, ended);
      let from = started;
      for (const step of view.steps) {
        const to = Date.parse(step.confirmedAt ?? "0");
        perStep.push(to - from - covered(spans, from, to));
        from = to;
      }
    };
    await drive("enter");
    await drive("exit");
    process.stdout.write(
      `  ${perStep.length} steps; console time per step (ms): ${perStep.map((m) => m.toFixed(0)).join(", ")}; ` +
        `in total ${total.toFixed(0)} ms (receipt polling every ${runnerTiming.pollMs} ms)\n`,
    );
    return [
      { name: "console time for the 3 steps, in total", value: total, unit: "ms", target: 1000, better: "lower" },
      { name: "console time per step (median)", value: median(perStep), unit: "ms", target: 333, better: "lower" },
    ];
  } finally {
    globalThis.fetch = realFetch;
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle.close();
    await h.close();
  }
}
