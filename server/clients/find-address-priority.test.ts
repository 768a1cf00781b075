import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setDbForTests } from "@/server/db";
import type { DbHandle } from "@/server/db/client";
import type * as Upstream from "@/server/upstream";
import type { RateLimiter } from "@/server/upstream/rate-limiter";
import { clientFixture } from "@/testing/contracts/fixtures";
import { FAST_TIMING, openJobsTestDb, waitFor } from "@/testing/jobs/helpers";
import { mockUpstream, type MockUpstream } from "@/testing/upstream/scripted-upstream";

/**
 * An address scan reads the whole client list, so its requests must wait behind the people using
 * the console: the real admin client, against a scripted upstream, with a limiter that records the
 * priority of every request it is asked to let through.
 */

// 250 clients in pages of 100, each with its own EVM address.
const clients = Array.from({ length: 250 }, (_, i) => ({
  ...clientFixture,
  id: `cclient${String(i).padStart(18, "0")}`,
  metadata: {
    namespaces: {
      eip155: { address: `0x${i.toString(16).padStart(40, "0")}`, curve: "SECP256K1" },
    },
  },
}));

const granted: (string | undefined)[] = [];
const recordingLimiter: RateLimiter = {
  acquire: async (_signal, priority) => void granted.push(priority),
};
const state: { admin?: unknown } = {};

vi.mock("@/server/upstream", async (importOriginal) => ({
  ...(await importOriginal<typeof Upstream>()),
  getAdminClient: () => state.admin,
}));

const { AdminClient } = await import("@/server/upstream");
const { findAddressJob } = await import("./find-address-job");
const { getJobRun, startJob, startJobWorkers, stopJobWorkers } = await import("@/server/jobs");

describe("an address scan and the shared rate limit", () => {
  let handle: DbHandle;
  let upstream: MockUpstream;
  beforeAll(async () => {
    upstream = await mockUpstream((request) => {
      const url = new URL(request.url, "http://upstream.test");
      const cursor = url.searchParams.get("cursor");
      const take = Number(url.searchParams.get("take") ?? 100);
      const start = cursor ? clients.findIndex((c) => c.id === cursor) + 1 : 0;
      const results = clients.slice(start, start + take);
      return {
        status: 200,
        body: { results, metadata: { cursor: results.at(-1)?.id ?? null, take, total: clients.length } },
      };
    });
    state.admin = new AdminClient({ baseURL: upstream.url, apiKey: "custodian-key", rateLimiter: recordingLimiter });
    handle = await openJobsTestDb("pglite");
    setDbForTests(handle);
    await startJobWorkers({ timing: FAST_TIMING });
  });
  afterAll(async () => {
    await stopJobWorkers();
    setDbForTests(undefined);
    await handle.close();
    await upstream.close();
  });

  it("asks the limiter for every page it reads at background priority", async () => {
    const { run } = await startJob(
      findAddressJob,
      { address: "0x000000000000000000000000000000000000dEaD" },
      { startedBy: { id: "u1", email: "sam@example.com" } },
    );
    const done = await waitFor("the scan to end", async () => {
      const row = await getJobRun(run.id);
      return row && row.status !== "queued" && row.status !== "running" ? row : undefined;
    });
    expect(done).toMatchObject({ status: "succeeded", result: { matches: [], scanned: 250 } });
    const pageReads = upstream.requests.filter((r) => r.url.startsWith("/api/v3/custodians/me/clients"));
    expect(pageReads).toHaveLength(3);
    expect(granted).toEqual(["background", "background", "background"]);
  });
});
