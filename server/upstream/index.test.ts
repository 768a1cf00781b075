import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forgetEnvForTests } from "@/server/env";
import { listYieldsFixture } from "@/testing/contracts/fixtures";
import { mockUpstream, type MockUpstream } from "@/testing/upstream/scripted-upstream";
import { createMpcClient, createYieldClient, getAdminClient, getSessionTokens } from "./index";

let upstream: MockUpstream;

beforeAll(async () => {
  upstream = await mockUpstream((req) =>
    req.url.endsWith("/sessions")
      ? { status: 200, body: { id: "c1", clientSessionToken: "cst-from-factory", isAccountAbstracted: false } }
      : { status: 200, body: listYieldsFixture },
  );
  // The sandbox configuration, pointed at the mock; secrets given so that nothing is generated on disk.
  for (const k of ["PORTAL_BASE_URL", "PORTAL_MPC_URL", "PORTAL_CUSTODIAN_API_KEY"]) delete process.env[k];
  Object.assign(process.env, {
    SANDBOX_PORT: String(upstream.port),
    SANDBOX_MPC_PORT: String(upstream.port),
    SANDBOX_CUSTODIAN_API_KEY: "factory-test-custodian-key",
    YIELD_PROVIDER_SEGMENT: "yield-xyz",
    AUTH_SECRET: "x".repeat(40),
    CONSOLE_VAULT_KEY: Buffer.alloc(32, 1).toString("base64"),
    CONSOLE_LOG_LEVEL: "silent",
  });
  forgetEnvForTests();
});

afterAll(() => upstream.close());

describe("factories", () => {
  it("build clients from the upstream configuration, one admin client per process", () => {
    const admin = getAdminClient();
    expect(admin.baseURL).toBe(`http://127.0.0.1:${upstream.port}`);
    expect(getAdminClient()).toBe(admin);
    expect(getSessionTokens()).toBe(getSessionTokens());
    expect(createMpcClient({ clientApiKey: "k" }).timeout).toBe(60_000);
  });

  it("give a client-scoped yield client a session token minted with the custodian key", async () => {
    const y = createYieldClient({ clientId: "c1" });
    await y.yields({ limit: 1 });
    await y.yields({ limit: 2 });
    const [mint, ...calls] = upstream.requests;
    expect(mint?.url).toBe("/api/v3/custodians/me/clients/c1/sessions");
    expect(mint?.headers.authorization).toBe("Bearer factory-test-custodian-key");
    expect(calls.map((r) => r.url)).toEqual([
      "/api/v3/clients/me/integrations/yield-xyz/yields?limit=1",
      "/api/v3/clients/me/integrations/yield-xyz/yields?limit=2",
    ]);
    expect(calls.every((r) => r.headers.authorization === "Bearer cst-from-factory")).toBe(true);
  });
});
