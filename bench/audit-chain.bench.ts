/**
 * The audit log on the embedded database: how fast records append (each takes the chain lock and
 * hashes the previous record) and how long verifying the whole chain takes, which the "Verify
 * chain" button waits for.
 */
import { performance } from "node:perf_hooks";
import { appendAudit } from "../server/audit/append";
import { verifyChain } from "../server/audit/verify";
import { openDb } from "../server/db/client";
import type { Figure } from "./figure";

export const title = "Audit log: append and verify (PGlite, in memory)";

const RECORDS = 5000;

export async function run(): Promise<Figure[]> {
  const handle = await openDb({});
  try {
    const actor = { id: "bench", email: "bench@example.com", role: "admin" };
    const t0 = performance.now();
    for (let i = 0; i < RECORDS; i++)
      await appendAudit(
        { actor, action: "bench.append", target: `t${i}`, input: { i, note: "x".repeat(64) }, outcome: "ok" },
        handle.db,
      );
    const appendMs = performance.now() - t0;
    const t1 = performance.now();
    const verdict = await verifyChain(handle.db);
    const verifyMs = performance.now() - t1;
    if (!verdict.ok || verdict.count !== RECORDS) throw new Error(`chain did not verify: ${JSON.stringify(verdict)}`);
    return [
      // Every mutation waits for its audit record; under 20 ms it adds nothing a person notices.
      { name: "append latency (mean)", value: appendMs / RECORDS, unit: "ms", target: 20, better: "lower" },
      { name: `verify ${RECORDS} records`, value: verifyMs, unit: "ms", target: 3000, better: "lower" },
      {
        name: "verify throughput",
        value: RECORDS / (verifyMs / 1000),
        unit: "records/s",
        target: 2000,
        better: "higher",
      },
    ];
  } finally {
    await handle.close();
  }
}
