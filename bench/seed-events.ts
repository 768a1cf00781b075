/**
 * Measures seeding and serving a large alert-event history (not a unit test: timings depend on the
 * machine). Run: npx tsx bench/seed-events.ts [events=1000000]
 *
 * Prints the seconds to seed N events and the time of typical filtered pages through the real
 * HTTP route (Hono app.request), each the median of several runs.
 */
import { startTestSandbox } from "../testing/sandbox";
import { median } from "../testing/stats";

const count = Number(process.argv[2] ?? 1_000_000);

async function main() {
  const started = performance.now();
  const sb = await startTestSandbox({ SANDBOX_SEED_EVENTS: String(count), SANDBOX_SEED_CLIENTS: "250" });
  const startupMs = performance.now() - started;

  const { seedEvents } = await import("../sandbox/seed/events");
  const { EventStore } = await import("../sandbox/alerts/event-store");
  const t0 = performance.now();
  const store = new EventStore("bench", 3);
  seedEvents(store, { count, seed: "bench", anchorMs: Date.now(), roles: ["accepting", "failing", "slow"] });
  const seedMs = performance.now() - t0;

  const webhook = sb.alerts.webhooks[0];
  const store0 = sb.alerts.store;
  const list = store0.byWebhook[0]?.view() ?? new Uint32Array(0);
  const sample = list[Math.floor(list.length / 2)] as number;
  const hash = store0.hashesOf(sample)[0];
  const since = Math.floor((store0.created[sample] as number) / 1000) - 7 * 86_400;
  const base = `/api/v3/custodians/me/alerts/webhooks/${webhook?.id}/events?eventTypes=EIP_155_TX_V1`;
  const queries: [string, string][] = [
    ["newest 100, no filter", ""],
    ["failed only, limit 100", "&deliveryStatuses=failed"],
    [
      "failed on sepolia+mainnet, 14-day window",
      `&deliveryStatuses=failed&chainIds=eip155:11155111,eip155:1&since=${since}&until=${since + 14 * 86_400}`,
    ],
    ["one block number", `&blockNumbers=${store0.block[sample]}`],
    ["one transaction hash", `&transactionHash=${hash}`],
    ["limit 1000, success", "&deliveryStatuses=success&limit=1000"],
  ];

  console.log(
    `events seeded: ${count.toLocaleString("en")} (${(store0.byWebhook[0]?.length ?? 0).toLocaleString("en")} on the accepting webhook)`,
  );
  console.log(`seedEvents alone: ${(seedMs / 1000).toFixed(3)} s`);
  console.log(
    `whole sandbox start (250 clients + ${count.toLocaleString("en")} events + receivers): ${(startupMs / 1000).toFixed(2)} s`,
  );
  console.log(`memory: rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`);
  for (const [name, q] of queries) {
    const times: number[] = [];
    let total = 0;
    let rows = 0;
    for (let run = 0; run < 7; run++) {
      const t = performance.now();
      const res = await sb.admin(base + q);
      const body = (await res.json()) as { data: unknown[]; metadata: { total: number } };
      times.push(performance.now() - t);
      total = body.metadata.total;
      rows = body.data.length;
    }
    console.log(
      `page "${name}": ${median(times).toFixed(1)} ms median (${rows} rows of ${total.toLocaleString("en")} matching)`,
    );
  }
  await sb.close();
}

void main();
