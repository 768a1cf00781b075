import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";

// 250 clients in pages of 100, as the upstream serves them; every page read is counted.
const clients = Array.from({ length: 250 }, (_, i) => ({
  id: `cclient${String(i).padStart(18, "0")}`,
  metadata: { namespaces: { eip155: { address: `0x${i.toString(16).padStart(40, "0")}` } } },
}));
const pagesRead: (string | null)[] = [];
/** While set, page reads wait for it: a scan that is certainly still running. */
const held: { until: Promise<void> | null } = { until: null };
vi.mock("@/server/upstream", () => ({
  getAdminClient: () => ({
    clients: {
      list: async ({ take, cursor }: { take: number; cursor?: string }) => {
        pagesRead.push(cursor ?? null);
        await held.until;
        const start = cursor ? clients.findIndex((c) => c.id === cursor) + 1 : 0;
        const results = clients.slice(start, start + take);
        return { results, metadata: { total: clients.length, cursor: results.at(-1)?.id ?? null } };
      },
    },
  }),
}));

const { findAddressJob } = await import("./find-address-job");
const { gate } = await import("@/testing/jobs/helpers");
const { getJobRun, startJob, startJobWorkers, stopJobWorkers } = await import("@/server/jobs");

describe("finding the client that owns an address, as a server job", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openJobsTestDb("pglite");
    setDbForTests(handle);
    await startJobWorkers({ timing: FAST_TIMING });
  });
  afterAll(async () => {
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle.close();
  });
  const by = { id: "u1", email: "sam@example.com" };
  const finished = (runId: string) =>
    waitFor("the scan to end", async () => {
      const run = await getJobRun(runId);
      return run && ["succeeded", "failed", "cancelled"].includes(run.status) ? run : undefined;
    });

  it("stops at the page holding the address, whatever its case", async () => {
    pagesRead.length = 0;
    const address = `0x${(210).toString(16).padStart(40, "0")}`.toUpperCase().replace("0X", "0x");
    const { run } = await startJob(findAddressJob, { address }, { startedBy: by, singletonKey: address.toLowerCase() });
    const done = await finished(run.id);
    expect(done).toMatchObject({ status: "succeeded", result: { matches: [clients[210]!.id], scanned: 250 } });
    expect(pagesRead).toHaveLength(3);
  });

  it("reads every page when nobody has it, reporting what it scanned", async () => {
    pagesRead.length = 0;
    const { run } = await startJob(
      findAddressJob,
      { address: "0x000000000000000000000000000000000000dEaD" },
      { startedBy: by },
    );
    const done = await finished(run.id);
    expect(done).toMatchObject({
      status: "succeeded",
      result: { matches: [], scanned: 250 },
      progressDone: 250,
      progressTotal: 250,
    });
    expect(pagesRead).toHaveLength(3);
  });

  it("joins a scan for the same address that is still running", async () => {
    const address = "0x1111111111111111111111111111111111111111";
    const release = gate();
    held.until = release.wait;
    pagesRead.length = 0;
    const first = await startJob(findAddressJob, { address }, { startedBy: by, singletonKey: address });
    await waitFor("the first scan to read a page", () => pagesRead.length > 0);
    const second = await startJob(findAddressJob, { address }, { startedBy: by, singletonKey: address });
    expect(second).toMatchObject({ created: false, run: { id: first.run.id } });
    held.until = null;
    release.open();
    expect(await finished(first.run.id)).toMatchObject({ status: "succeeded" });
  });
});
