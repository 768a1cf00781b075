import { afterAll, beforeAll, expect, it } from "vitest";
import { forgetEnvForTests } from "@/server/env";
import { listYieldsFixture } from "@/testing/contracts/fixtures";
import { mockUpstream, type MockUpstream } from "@/testing/upstream/scripted-upstream";
import { createYieldClient } from "./index";

/**
 * CUSTODIAN_RETRY_BASE_MS sets the wait before the first resend of a failed read. Chosen far above the
 * default (500 ms, cut by up to a quarter): a resend at least 1.2 s after the failure can only come from it.
 */
let upstream: MockUpstream;
const arrivals: number[] = [];

beforeAll(async () => {
  upstream = await mockUpstream((req, index) => {
    if (req.url.endsWith("/sessions"))
      return { status: 200, body: { id: "c1", clientSessionToken: "cst-retry", isAccountAbstracted: false } };
    arrivals.push(Date.now());
    return index === 1 ? { status: 503, body: { message: "busy" } } : { status: 200, body: listYieldsFixture };
  });
  for (const k of ["PORTAL_BASE_URL", "PORTAL_MPC_URL", "PORTAL_CUSTODIAN_API_KEY"]) delete process.env[k];
  Object.assign(process.env, {
    SANDBOX_PORT: String(upstream.port),
    SANDBOX_MPC_PORT: String(upstream.port),
    SANDBOX_CUSTODIAN_API_KEY: "retry-test-custodian-key",
    YIELD_PROVIDER_SEGMENT: "yield-xyz",
    AUTH_SECRET: "x".repeat(40),
    CONSOLE_VAULT_KEY: Buffer.alloc(32, 1).toString("base64"),
    CONSOLE_LOG_LEVEL: "silent",
    CUSTODIAN_RETRY_BASE_MS: "1600",
  });
  forgetEnvForTests();
});

afterAll(async () => {
  delete process.env.CUSTODIAN_RETRY_BASE_MS;
  forgetEnvForTests();
  await upstream.close();
});

it("a failed read is sent again after the configured wait, and its answer is the second attempt's", async () => {
  const page = await createYieldClient({ clientId: "c1" }).yields({ limit: 1 });
  expect(page.data.rawResponse.items).toEqual(listYieldsFixture.data.rawResponse.items);
  expect(arrivals).toHaveLength(2);
  expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(1200);
});
