import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetEnvForTests } from "@/server/env";
import { chooseParallelism, choosePageSize } from "./plan-export";
import { DEFAULT_EXPORT_TUNING } from "./settings";

const saved = { ...process.env };
const limit = (perMinute: number) => {
  process.env.CUSTODIAN_RATE_LIMIT = String(perMinute);
  process.env.CONSOLE_BACKGROUND_RATE_SHARE = "0.7";
  forgetEnvForTests();
};
beforeAll(() => limit(200));
afterAll(() => {
  process.env = saved;
  forgetEnvForTests();
});

describe("how an export fetches: in parallel only when latency, not the rate limit, holds it back", () => {
  it("fetches one slice at a time when the rate limit binds", () => {
    limit(200); // 140 background requests a minute: 2.3/s
    expect(chooseParallelism(50, DEFAULT_EXPORT_TUNING)).toBe(1);
    expect(chooseParallelism(300, DEFAULT_EXPORT_TUNING)).toBe(2);
  });

  it("fetches up to eight slices at once when requests are cheap and slow", () => {
    limit(100_000);
    expect(chooseParallelism(50, DEFAULT_EXPORT_TUNING)).toBe(8);
    expect(chooseParallelism(1, DEFAULT_EXPORT_TUNING)).toBe(3);
  });

  it("keeps the largest page unless the extra requests of smaller ones fit in the allowance", () => {
    limit(200);
    // The real service's 200/min with a slow round trip: every request counts, so 1000 per page.
    expect(choosePageSize(1000, 2, 300, DEFAULT_EXPORT_TUNING)).toBe(1000);
    expect(choosePageSize(1000, 1, 50, DEFAULT_EXPORT_TUNING)).toBe(1000);
    limit(100_000);
    // Eight fetchers at 50 ms: 160 requests/s, well inside 1,147/s; pages small enough to die young.
    expect(choosePageSize(1000, 8, 50, DEFAULT_EXPORT_TUNING)).toBe(300);
    // An upstream that takes at most 100 keeps 100.
    expect(choosePageSize(100, 8, 50, DEFAULT_EXPORT_TUNING)).toBe(100);
    // Eight fetchers at 2 ms would need 4,000 requests/s: beyond the allowance, so the largest page.
    expect(choosePageSize(1000, 8, 2, DEFAULT_EXPORT_TUNING)).toBe(1000);
  });
});
