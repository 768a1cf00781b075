/**
 * Conformance: secret-named fields the spec does not show never leave the console's upstream client.
 * The sandbox adds fields to the records of a list (a control rule's `extraFields`), as a real API
 * adding a webhook's signing secret would; the client returns "[redacted]" in their place at any
 * depth, keeps every other unknown field, and the shared-read cache keeps only what the client
 * returned. The endpoints that exist to hand out a secret still hand it out. Sandbox only: a real
 * upstream has no control rules.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/contracts/endpoints";
import { REDACTED } from "@/server/redact";
import { SANDBOX, startUpstream, type Upstream } from "@/testing/conformance/harness";
import { credentialScope, SharedReads } from "../shared-reads";

const PLANTED = {
  signingSecret: "whsec_planted_signing_secret_1",
  nested: { API_KEY: "sk_planted_nested_api_key_2", label: "kept as it is" },
  items: [{ privateKey: "0xplanted_private_key_3", index: 0 }],
  refresh_token: "planted_refresh_token_4",
  token: "planted-bare-token-string-5",
  // Unknown but not secret: kept, as the event drawer shows it.
  riskScore: { level: "low", reward: { token: { symbol: "USDC", decimals: 6 } } },
};
const PLANTED_VALUES = [
  PLANTED.signingSecret,
  PLANTED.nested.API_KEY,
  PLANTED.items[0]!.privateKey,
  PLANTED.refresh_token,
  PLANTED.token,
];

/** What a record with the planted fields must look like after the client. */
const REDACTED_RECORD = {
  signingSecret: REDACTED,
  nested: { API_KEY: REDACTED, label: "kept as it is" },
  items: [{ privateKey: REDACTED, index: 0 }],
  refresh_token: REDACTED,
  token: REDACTED,
  riskScore: PLANTED.riskScore,
};

function expectNoPlantedValue(value: unknown) {
  const text = JSON.stringify(value);
  for (const secret of PLANTED_VALUES) expect(text).not.toContain(secret);
}

let up: Upstream;

async function rules(list: { path: string; extraFields?: Record<string, unknown> }[]) {
  const res = await fetch(`${up.baseUrl}/_sandbox/rules`, {
    method: "PUT",
    headers: { authorization: `Bearer ${up.custodianKey}`, "content-type": "application/json" },
    body: JSON.stringify({ rules: list }),
  });
  expect(res.status).toBe(200);
}

describe.skipIf(!SANDBOX)("secret-named fields in upstream answers", () => {
  beforeAll(async () => {
    up = await startUpstream({ env: { SANDBOX_CONTROL: "on", SANDBOX_SEED_CLIENTS: "5", SANDBOX_SEED_EVENTS: "50" } });
  }, 120_000);
  afterEach(() => rules([]));
  afterAll(() => up?.close());

  it("the webhook list: replaced at any depth and in any case, other unknown fields kept", async () => {
    await rules([{ path: "/alerts/webhooks$", extraFields: PLANTED }]);
    const { data } = await up.admin.alerts.webhooks.list();
    expect(data.length).toBeGreaterThan(0);
    for (const webhook of data)
      expect(webhook).toMatchObject({ id: expect.any(String), url: expect.any(String), ...REDACTED_RECORD });
    expectNoPlantedValue(data);
  });

  it("a page of a webhook's events", async () => {
    const [webhook] = (await up.admin.alerts.webhooks.list()).data;
    await rules([{ path: "/alerts/webhooks/[^/]+/events\\?", extraFields: PLANTED }]);
    const page = await up.admin.alerts.webhooks.events(webhook!.id, { eventTypes: ["EIP_155_TX_V1"], limit: 5 });
    expect(page.data.length).toBe(5);
    for (const event of page.data)
      expect(event).toMatchObject({ deliveryStatus: expect.any(String), ...REDACTED_RECORD });
    expectNoPlantedValue(page);
  });

  it("a page of clients (results), including a v1-style clientApiKey the v3 list does not document", async () => {
    await rules([
      { path: "/custodians/me/clients(\\?|$)", extraFields: { ...PLANTED, clientApiKey: "planted_client_key_6" } },
    ]);
    const page = await up.admin.clients.list({ take: 3 });
    expect(page.results.length).toBe(3);
    for (const client of page.results)
      expect(client).toMatchObject({ wallets: expect.any(Array), clientApiKey: REDACTED, ...REDACTED_RECORD });
    expectNoPlantedValue(page);
    expect(JSON.stringify(page)).not.toContain("planted_client_key_6");
  });

  it("the shared-read cache keeps only the redacted answer", async () => {
    await rules([{ path: "/alerts/webhooks$", extraFields: PLANTED }]);
    const shared = new SharedReads({ ttlMs: 60_000 });
    const read = { endpoint: endpoints.listAlertWebhooks, scope: credentialScope(up.baseUrl, up.custodianKey) };
    const first = await shared.read(read, () => up.admin.alerts.webhooks.list());
    expect(shared.size).toBe(1);
    // Served from the cache: the loader is not called again.
    const kept = await shared.read<typeof first>(read, () =>
      Promise.reject(new Error("the kept answer should have been served")),
    );
    expect(kept).toBe(first);
    expect(kept.data[0]).toMatchObject(REDACTED_RECORD);
    expectNoPlantedValue(kept);
  });

  it("the endpoints that exist to hand out a secret still hand it out", async () => {
    const created = await up.admin.clients.create({});
    expect(created.clientApiKey).not.toBe(REDACTED);
    expect(created.clientApiKey.length).toBeGreaterThan(8);
    expect(created.clientSessionToken).not.toBe(REDACTED);
    const session = await up.admin.clients.createSession(created.id);
    expect(session.clientSessionToken).not.toBe(REDACTED);
    const otp = await up.admin.clients.webOtp(created.id);
    expect(otp.otp).not.toBe(REDACTED);
    // The key works, and the shares come back as shares.
    const shares = await up.mpc(created.clientApiKey).generate();
    expect(shares.SECP256K1.share).toMatch(/^eyJ/);
    expect(shares.ED25519.share).toMatch(/^eyJ/);
  });
});
