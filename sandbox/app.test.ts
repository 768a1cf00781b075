import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ejectableBackupSharesResponseSchema } from "@/lib/contracts";
import { FakeChainRegistry, TEST_ANCHOR_MS, TEST_CUSTODIAN_KEY } from "@/testing/sandbox";
import { createSandbox, type Sandbox } from "./app";
import { loadSandboxEnv } from "./env";
import { createMpcApp, openKeyStore } from "./mpc";

/** The composition with the real MPC service and key store over a fake chain registry. */
let sb: Sandbox;
beforeAll(async () => {
  const chains = new FakeChainRegistry();
  const keyStore = openKeyStore();
  const env = loadSandboxEnv({
    SANDBOX_CUSTODIAN_API_KEY: TEST_CUSTODIAN_KEY,
    SANDBOX_SEED_CLIENTS: "5",
    SANDBOX_SEED_EVENTS: "50",
  });
  sb = await createSandbox({
    env,
    anchorMs: TEST_ANCHOR_MS,
    timings: { deliveryTimeoutMs: 200, slowReceiverDelayMs: 400 },
    seams: (directory) => ({
      chains,
      backups: keyStore,
      mountMpc: (app) => app.route("/", createMpcApp({ directory, chains, env, keyStore, log: () => {} })),
    }),
  });
});
afterAll(() => sb.close());

const admin = (path: string, init: RequestInit = {}) =>
  sb.baseApp.request(path, {
    ...init,
    headers: { authorization: `Bearer ${TEST_CUSTODIAN_KEY}`, "content-type": "application/json" },
  });

describe("composition", () => {
  it("runs a client from creation through generate, backup and key ejection across both apps", async () => {
    const client = (await (await admin("/api/v3/custodians/me/clients", { method: "POST" })).json()) as {
      id: string;
      clientApiKey: string;
    };
    const mpc = (path: string, body: unknown) =>
      sb.mpcApp.request(path, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { authorization: `Bearer ${client.clientApiKey}`, "content-type": "application/json" },
      });
    const generated = await (await mpc("/v1/generate", {})).json();
    expect(await (await mpc("/v1/backup", { generateResponse: JSON.stringify(generated) })).status).toBe(200);

    const read = (await (await admin(`/api/v3/custodians/me/clients/${client.id}`)).json()) as {
      wallets: { id: string; curve: string; backupSharePairs: unknown[] }[];
      metadata: { namespaces: { eip155?: { address: string } } };
    };
    expect(read.metadata.namespaces.eip155?.address).toMatch(/^0x/);
    const wallet = read.wallets.find((w) => w.curve === "SECP256K1");
    expect(wallet?.backupSharePairs).toHaveLength(1);

    expect(
      (
        await admin(`/api/v3/custodians/me/clients/${client.id}/enable-eject`, {
          method: "PATCH",
          body: JSON.stringify({ walletId: wallet?.id }),
        })
      ).status,
    ).toBe(200);
    const shares = ejectableBackupSharesResponseSchema.parse(
      await (
        await admin(`/api/v3/custodians/me/clients/${client.id}/wallets/${wallet?.id}/ejectable-backup-shares`)
      ).json(),
    );
    expect(JSON.parse(shares.custodianBackupShare)).toMatchObject({ clientId: client.id, curve: "SECP256K1" });
  });

  it("puts the MPC service behind the same HTTP layer", async () => {
    const health = await sb.mpcApp.request("/health");
    expect(await health.json()).toEqual({ ok: true, service: "mpc" });
    const missing = await sb.mpcApp.request("/v2/nothing");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await missing.json()).toEqual({ error: "Not found: GET /v2/nothing" });
    const fault = await sb.mpcApp.request("/v1/generate", { method: "POST", headers: { "x-sandbox-fault": "500" } });
    expect(fault.status).toBe(500);
    // The MPC service keeps its own 401 body (a bare string), as the real one does.
    const anon = await sb.mpcApp.request("/v1/generate", { method: "POST" });
    expect(anon.status).toBe(401);
    expect(typeof (await anon.json())).toBe("string");
  });

  it("serves the OpenAPI document generated from the contracts", async () => {
    const res = await sb.baseApp.request("http://127.0.0.1:4010/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers[0]?.url).toBe("http://127.0.0.1:4010");
    expect(Object.keys(doc.paths)).toContain("/api/v3/custodians/me/clients/{clientId}/chains/{chain}/assets");
  });
});
