/**
 * The sandbox with 1,000,000 seeded alert events: how long it takes to start (seeding included), and
 * how fast filtered event pages come back over real HTTP through the console's typed admin client,
 * which is what the alerts page and its exports wait for. The sandbox runs in this process on
 * ephemeral ports, without its local chains (no request here needs one).
 */
import { performance } from "node:perf_hooks";
import pino from "pino";
import type { ListAlertEventsQuery } from "../lib/contracts";
import { loadSandboxEnv } from "../sandbox/env";
import { startSandbox } from "../sandbox/start";
import { AdminClient } from "../server/upstream/admin";
import { median } from "../testing/stats";
import type { Figure } from "./figure";

export const title = "Sandbox: 1,000,000 alert events, seeding and filtered pages over HTTP";

const EVENTS = 1_000_000;
const RUNS = 15;
const KEY = "bench-custodian-key";
const DAY_S = 86_400;

export async function run(): Promise<Figure[]> {
  const t0 = performance.now();
  const started = await startSandbox({
    env: loadSandboxEnv({ SANDBOX_CUSTODIAN_API_KEY: KEY, SANDBOX_SEED_EVENTS: String(EVENTS) }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const startMs = performance.now() - t0;

  try {
    const admin = new AdminClient({
      baseURL: started.baseUrl,
      apiKey: KEY,
      logger: pino({ level: "silent" }),
      maxRetries: 0,
    });
    const accepting = (await admin.alerts.webhooks.list()).data.find((w) => w.url.endsWith("/webhooks/accepting"));
    if (!accepting) throw new Error("the sandbox has no accepting webhook");
    const events = (query: Omit<ListAlertEventsQuery, "eventTypes">) =>
      admin.alerts.webhooks.events(accepting.id, { eventTypes: "EIP_155_TX_V1", ...query });

    // Samples from the middle of the history, so the hash and block lookups are not the newest rows.
    const now = Math.floor(Date.now() / 1000);
    const [sample] = (await events({ until: now - 45 * DAY_S, limit: 1 })).data;
    if (!sample) throw new Error("no seeded event 45 days back");
    const older = (await events({ until: now - 60 * DAY_S, limit: 1 })).data[0];
    const window = { since: now - 30 * DAY_S, until: now - 16 * DAY_S };
    const common = { deliveryStatuses: "failed", chainIds: "eip155:11155111,eip155:1", ...window } as const;

    const pages: [string, Omit<ListAlertEventsQuery, "eventTypes">][] = [
      ["newest 100, no filter", {}],
      ["failed only", { deliveryStatuses: "failed" }],
      ["failed on two chains in a 14-day window", common],
      ["one transaction hash", { transactionHash: sample.transactionHashes[0] as string }],
      [
        "two block numbers",
        { blockNumbers: [String(sample.blockNumber), String(older?.blockNumber ?? sample.blockNumber)] },
      ],
    ];

    const accepted = (await events({ limit: 1 })).metadata.total;
    process.stdout.write(
      `  ${EVENTS.toLocaleString("en")} events seeded (${accepted.toLocaleString("en")} on the accepting webhook); sandbox start ${(startMs / 1000).toFixed(2)} s\n`,
    );

    const figures: Figure[] = [
      // The bound: a million events must seed in under a minute.
      {
        name: `sandbox start with ${EVENTS.toLocaleString("en")} seeded events`,
        value: startMs / 1000,
        unit: "s",
        target: 60,
        better: "lower",
      },
    ];

    for (const [name, query] of pages) {
      const first = await events(query);
      await events(query);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await events(query);
        times.push(performance.now() - t);
      }
      process.stdout.write(
        `  page "${name}": ${first.data.length} rows of ${first.metadata.total.toLocaleString("en")} matching\n`,
      );
      figures.push({
        name: `page "${name}" (median of ${RUNS})`,
        value: median(times),
        unit: "ms",
        target: 50,
        better: "lower",
      });
    }

    // Throughput of the common compliance page, four requests in flight, for about two seconds.
    const deadline = performance.now() + 2_000;
    let served = 0;
    const tStart = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (performance.now() < deadline) {
          await events(common);
          served++;
        }
      }),
    );
    const seconds = (performance.now() - tStart) / 1000;
    figures.push({
      name: 'throughput of "failed on two chains in a 14-day window" (4 in flight)',
      value: served / seconds,
      unit: "pages/s",
      target: 100,
      better: "higher",
    });

    // An export walks the whole filtered set with the cursor: pages per second of that walk.
    const walkStart = performance.now();
    let walked = 0;
    let rows = 0;
    for await (const page of admin.alerts.webhooks.eventPages(accepting.id, {
      eventTypes: "EIP_155_TX_V1",
      deliveryStatuses: "failed",
      limit: 100,
    })) {
      walked++;
      rows += page.data.length;
      if (walked >= 200) break;
    }
    const walkSeconds = (performance.now() - walkStart) / 1000;
    process.stdout.write(
      `  cursor walk of failed events: ${walked} pages, ${rows.toLocaleString("en")} rows in ${walkSeconds.toFixed(2)} s\n`,
    );
    figures.push({
      name: "cursor walk of failed events, 100 per page",
      value: walked / walkSeconds,
      unit: "pages/s",
      target: 50,
      better: "higher",
    });

    return figures;
  } finally {
    await started.close();
  }
}
