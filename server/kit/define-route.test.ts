import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as Upstream from "@/server/upstream";
import { gasUsageFixture } from "@/testing/contracts/fixtures";

/**
 * A route handler whose read the shared rate limit would hold too long answers 429 RATE_LIMITED at
 * once, with Retry-After, `retryAfterSeconds` and a plain message; every answer says in
 * Server-Timing how much of it was the upstream. Through the real GET /api/gas/usage, the real
 * upstream client and limiter (fake fetch, fake clock), signed in with the bad-input harness.
 */

vi.mock("@/server/auth/session", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).sessionModule(original),
);
vi.mock("@/server/request-context", async () =>
  (await import("@/testing/kit/bad-input-harness")).requestContextModule(),
);

const fetched: string[] = [];
const state: { admin?: unknown } = {};
vi.mock("@/server/upstream", async (original) => ({
  ...(await original<typeof Upstream>()),
  getAdminClient: () => state.admin,
}));

const { AdminClient, SlidingWindowRateLimiter } = await import("@/server/upstream");
const { GET } = await import("@/app/api/gas/usage/route");
const { getSharedReads } = await import("@/server/upstream/shared-reads");

const LIMIT = 3;
let limiter: InstanceType<typeof SlidingWindowRateLimiter>;

beforeEach(() => {
  // The limiter's clock is monotonic (performance.now), the date's alongside it.
  vi.useFakeTimers({ toFake: ["Date", "performance"] });
  fetched.length = 0;
  limiter = new SlidingWindowRateLimiter({ limit: LIMIT, windowMs: 60_000 });
  state.admin = new AdminClient({
    baseURL: "http://upstream.test",
    apiKey: "custodian-key",
    rateLimiter: limiter,
    fetch: async (url) => {
      fetched.push(String(url));
      return Response.json({ ...gasUsageFixture, chainId: "eip155:1" });
    },
  });
  // Each test starts with nothing kept.
  getSharedReads().invalidate(["getGasSponsorUsage"]);
});
afterEach(() => {
  vi.useRealTimers();
});

const usage = (chain: string) =>
  GET(new NextRequest(`http://console.test/api/gas/usage?chain=${encodeURIComponent(chain)}`), {
    params: Promise.resolve({}),
  });

describe("a route handler under the shared rate limit", () => {
  it("answers and says in Server-Timing how long the upstream took and the console's own part", async () => {
    const response = await usage("eip155:1");
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/^upstream;dur=\d+\.\d, app;dur=\d+\.\d$/);
    expect(fetched).toHaveLength(1);
  });

  it("answers a static route's request, which Next sends without a params promise", async () => {
    const request = new NextRequest("http://console.test/api/gas/usage?chain=eip155%3A1");
    const response = await GET(request, {} as { params: Promise<Record<string, string>> });
    expect(response.status).toBe(200);
  });

  it("answers 429 RATE_LIMITED with Retry-After when a person would wait past the threshold, sending nothing", async () => {
    // The window is used up: the next grant is 60 s away.
    for (let i = 0; i < LIMIT; i++) await limiter.acquire();
    vi.advanceTimersByTime(15_000);

    const response = await usage("eip155:1");
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("45");
    expect(response.headers.get("server-timing")).toMatch(/^upstream;dur=/);
    const body = (await response.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      code: "RATE_LIMITED",
      retryAfterSeconds: 45,
      message: `The upstream's limit of ${LIMIT} requests a minute is used up; try again in 45 s.`,
    });
    expect(fetched).toEqual([]);
    expect(limiter.pending).toBe(0);
  });

  it("waits rather than refuses when the wait is short", async () => {
    vi.useRealTimers();
    // A limiter on the real clock whose window frees in a second: under the threshold, so the read waits.
    limiter = new SlidingWindowRateLimiter({ limit: LIMIT, windowMs: 1_000 });
    state.admin = new AdminClient({
      baseURL: "http://upstream.test",
      apiKey: "custodian-key",
      rateLimiter: limiter,
      fetch: async (url) => {
        fetched.push(String(url));
        return Response.json({ ...gasUsageFixture, chainId: "eip155:1" });
      },
    });
    for (let i = 0; i < LIMIT; i++) await limiter.acquire();
    const started = Date.now();
    const response = await usage("eip155:1");
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fetched).toHaveLength(1);
    const upstreamMs = Number(/upstream;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    // Waiting for the limit counts as upstream time, not as the console's own work.
    expect(upstreamMs).toBeGreaterThanOrEqual(900);
  });
});
