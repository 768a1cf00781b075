import { afterEach, describe, expect, it } from "vitest";
import { endpoints } from "@/lib/contracts";
import {
  alertEventsFixture,
  assetsFixture,
  clientFixture,
  evmBuildTransactionFixture,
  generateFixture,
  listClientsFixture,
  listYieldsFixture,
  submitHashFixture,
  yieldActionFixture,
  yieldBalancesFixture,
} from "@/testing/contracts/fixtures";
import {
  captureLogs,
  mockUpstream,
  type MockUpstream,
  type RecordedRequest,
  type Reply,
} from "@/testing/upstream/scripted-upstream";
import { AdminClient } from "./admin";
import { MpcClient } from "./mpc";
import { SessionTokenCache } from "./session-tokens";
import { YieldClient } from "./yield";

let upstream: MockUpstream | undefined;
afterEach(async () => {
  await upstream?.close();
  upstream = undefined;
});

const quiet = () => ({ logger: captureLogs().logger, sleep: async () => {} });
const ok = (body: unknown): Reply => ({ status: 200, body });

describe("admin client", () => {
  it("calls each administration endpoint with its method and encoded path", async () => {
    upstream = await mockUpstream((req) => {
      const url = req.url;
      if (url.includes("/assets/send/build-transaction")) return ok(evmBuildTransactionFixture);
      if (url.includes("/assets")) return ok(assetsFixture);
      if (url.includes("/enable-eject")) return ok({ ejectableUntil: "2030-01-01T00:00:00.000Z" });
      if (url.includes("/ejectable-backup-shares"))
        return ok({ encryptedClientBackupShare: null, custodianBackupShare: "{}" });
      if (url.includes("/sessions")) return ok({ id: "c1", clientSessionToken: "cst", isAccountAbstracted: false });
      if (url.includes("/web-otp")) return ok({ id: "c1", otp: "123456" });
      if (url.includes("/events/failed/replay")) return ok({ data: { replaying: ["e1"], failed: [] } });
      if (url.includes("/events")) return ok(alertEventsFixture);
      if (url.endsWith("/alerts/webhooks")) return ok({ data: [] });
      if (url.includes("/alerts/wallets/format"))
        return ok({ chainId: "eip155:1", from: "0x1", to: "0x2", amount: "1", metadata: { transactionHash: "0x3" } });
      if (url.includes("/alerts/format")) return ok([]);
      if (url.includes("/retry-by-block-number")) return { status: 204 };
      if (req.method === "POST")
        return ok({ id: "c1", clientApiKey: "k", clientSessionToken: "t", isAccountAbstracted: true });
      if (url.startsWith("/api/v3/custodians/me/clients?") || url === "/api/v3/custodians/me/clients")
        return ok(listClientsFixture);
      return ok(clientFixture);
    });
    const admin = new AdminClient({ baseURL: upstream.url, apiKey: "key-12345", ...quiet() });
    const rawAlert = JSON.stringify({ event: {} });
    await admin.clients.create({ isAccountAbstracted: true });
    await admin.clients.createSession("c1");
    await admin.clients.webOtp("c1");
    await admin.clients.retrieve("c1");
    await admin.clients.list({ cursor: "c0", take: 10 });
    await admin.clients.assets("c1", "eip155:11155111");
    await admin.clients.buildTransaction("c1", "sepolia", { to: "0xdfd8", token: "USDC", amount: "0.01" });
    await admin.clients.enableEject("c1", { walletId: "w1" });
    await admin.clients.ejectableBackupShares("c1", "w1");
    await admin.alerts.webhooks.list();
    await admin.alerts.webhooks.events("wh1", { eventTypes: "EIP_155_TX_V1" });
    await admin.alerts.webhooks.replay("wh1", { eventIds: ["e1"] });
    await admin.alerts.format({ chain: "eip155", rawAlert });
    await admin.alerts.formatMany({ chain: "sepolia", rawAlert });
    await admin.alerts.retryByBlockNumber({ chainReferenceId: "11155111", blockNumber: 1, streamId: "s" });
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/v3/custodians/me/clients",
      "POST /api/v3/custodians/me/clients/c1/sessions",
      "GET /api/v1/custodians/clients/c1/web-otp",
      "GET /api/v3/custodians/me/clients/c1",
      "GET /api/v3/custodians/me/clients?cursor=c0&take=10",
      "GET /api/v3/custodians/me/clients/c1/chains/eip155%3A11155111/assets",
      "POST /api/v3/custodians/me/clients/c1/chains/sepolia/assets/send/build-transaction",
      "PATCH /api/v3/custodians/me/clients/c1/enable-eject",
      "GET /api/v3/custodians/me/clients/c1/wallets/w1/ejectable-backup-shares",
      "GET /api/v3/custodians/me/alerts/webhooks",
      "GET /api/v3/custodians/me/alerts/webhooks/wh1/events?eventTypes=EIP_155_TX_V1",
      "POST /api/v3/custodians/me/alerts/webhooks/wh1/events/failed/replay",
      "POST /api/v3/custodians/me/alerts/wallets/format",
      "POST /api/v3/custodians/me/alerts/format",
      "POST /api/v3/custodians/me/alerts/retry-by-block-number",
    ]);
    expect(JSON.parse(upstream.requests[0]?.body ?? "")).toEqual({ isAccountAbstracted: true });
    expect(JSON.parse(upstream.requests[1]?.body ?? "")).toEqual({});
  });

  it("follows the list cursor page by page until it ends", async () => {
    const page = (cursor: string | null) => ({ ...listClientsFixture, metadata: { cursor, take: 1, total: 3 } });
    upstream = await mockUpstream([ok(page("c1")), ok(page("c2")), ok(page(null))]);
    const admin = new AdminClient({ baseURL: upstream.url, apiKey: "key-12345", ...quiet() });
    const pages = [];
    for await (const p of admin.clients.pages({ take: 1 })) pages.push(p);
    expect(pages).toHaveLength(3);
    expect(upstream.requests.map((r) => new URL(r.url, "http://x").searchParams.get("cursor"))).toEqual([
      null,
      "c1",
      "c2",
    ]);
  });
});

describe("MPC client", () => {
  it("posts each operation to its path", async () => {
    upstream = await mockUpstream((req) =>
      req.url.startsWith("/v1/sign") || req.url.startsWith("/v1/raw")
        ? ok({ data: "0xabc" })
        : req.url === "/v1/assets/send"
          ? ok({ transactionHash: "0xdef", metadata: { amount: "1" } })
          : ok(generateFixture),
    );
    const mpc = new MpcClient({ baseURL: upstream.url, apiKey: "client-key", ...quiet() });
    const shares = await mpc.generate();
    await mpc.backup({ generateResponse: JSON.stringify(shares) });
    await mpc.recover({ backupResponse: JSON.stringify(shares) });
    const share = shares.SECP256K1.share;
    const rpcUrl = "http://127.0.0.1:4010/rpc/v1/eip155/11155111";
    await mpc.sign({
      method: "eth_sendTransaction",
      params: { to: "0x1", value: "0x0" },
      share,
      chainId: "eip155:11155111",
      to: "0x1",
      rpcUrl,
    });
    await mpc.rawSign("ED25519", { params: "ab".repeat(32), share: shares.ED25519.share });
    await mpc.assetsSend({ share, chain: "sepolia", to: "0x1", token: "NATIVE", amount: "0.1", rpcUrl, nonce: "0x01" });
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /v1/generate",
      "POST /v1/backup",
      "POST /v1/recover",
      "POST /v1/sign",
      "POST /v1/raw/sign/ED25519",
      "POST /v1/assets/send",
    ]);
    expect(JSON.parse(upstream.requests[1]?.body ?? "").generateResponse).toBe(JSON.stringify(shares));
  });

  it("never resends a signing request after a server error", async () => {
    upstream = await mockUpstream([{ status: 500, body: { id: "INTERNAL_ERROR" } }]);
    const mpc = new MpcClient({ baseURL: upstream.url, apiKey: "client-key", ...quiet() });
    await expect(mpc.rawSign("SECP256K1", { params: "ab", share: "s123" })).rejects.toMatchObject({
      code: "INTERNAL_ERROR",
      status: 500,
    });
    expect(upstream.requests).toHaveLength(1);
  });
});

describe("yield client", () => {
  const address = "0x6e818d8f9b6c53c59a2d957d36c2146e28906195";
  const yieldId = "ethereum-sepolia-link-aave-v3-lending";

  it("uses the configured provider segment on every path", async () => {
    upstream = await mockUpstream((req) => {
      if (req.url.includes("/submit-hash")) return ok(submitHashFixture);
      if (req.url.includes("/balances")) return ok(yieldBalancesFixture);
      if (req.url.includes("/actions?")) return ok({ data: { rawResponse: { items: [] } } });
      if (req.url.includes("/actions/")) return ok(yieldActionFixture);
      return ok(listYieldsFixture);
    });
    const y = new YieldClient({
      baseURL: upstream.url,
      apiKey: "client-key",
      yieldProviderSegment: "yield-xyz",
      ...quiet(),
    });
    await y.yields({ limit: 5, network: "eip155:11155111" });
    const action = await y.enter({ address, yieldId, arguments: { amount: "0.001" } });
    await y.exit({ address, yieldId, arguments: { amount: "0.001" } });
    await y.manage({ action: "WITHDRAW", address, passthrough: "eyJh", yieldId });
    await y.balances({ queries: [{ address, network: "eip155:11155111", yieldId }] });
    await y.actions({ address });
    const tx = action.data.rawResponse.transactions[0];
    await y.submitHash(tx?.transactionId ?? "", { hash: `0x${"1".repeat(64)}` });
    const base = "/api/v3/clients/me/integrations/yield-xyz";
    expect(upstream.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${base}/yields?limit=5&network=eip155%3A11155111`,
      `POST ${base}/actions/enter`,
      `POST ${base}/actions/exit`,
      `POST ${base}/actions/manage`,
      `POST ${base}/yields/balances`,
      `GET ${base}/actions?address=${address}`,
      `PUT ${base}/transactions/${tx?.transactionId}/submit-hash`,
    ]);
  });

  it("resends a balances read after 503 (a POST the registry marks idempotent) but not an enter", async () => {
    upstream = await mockUpstream((req, i) =>
      i === 0 || req.url.includes("/enter") ? { status: 503 } : ok(yieldBalancesFixture),
    );
    const y = new YieldClient({ baseURL: upstream.url, apiKey: "client-key", ...quiet() });
    await y.balances({ queries: [{ address, network: "eip155:11155111" }] });
    expect(upstream.requests).toHaveLength(2);
    await expect(y.enter({ address, yieldId })).rejects.toMatchObject({ status: 503 });
    expect(upstream.requests).toHaveLength(3);
    expect(endpoints.getYieldBalances.idempotent).toBe(true);
  });
});

describe("session tokens for client-scoped calls", () => {
  function scripted(reject: (req: RecordedRequest, token: string) => boolean) {
    let minted = 0;
    return mockUpstream((req) => {
      if (req.url.endsWith("/sessions"))
        return ok({ id: "c1", clientSessionToken: `cst-${++minted}-secret`, isAccountAbstracted: false });
      const token = String(req.headers.authorization).replace(/^Bearer /, "");
      if (reject(req, token)) return { status: 401, body: { error: "Invalid session token" } };
      return ok(req.url.includes("/actions/enter") ? yieldActionFixture : listYieldsFixture);
    });
  }

  it("mints one token for several calls within its lifetime and never logs it", async () => {
    upstream = await scripted(() => false);
    const { logger, lines } = captureLogs();
    const admin = new AdminClient({ baseURL: upstream.url, apiKey: "custodian-key-1", logger });
    const sessions = new SessionTokenCache(async (id) => (await admin.clients.createSession(id)).clientSessionToken);
    const y = new YieldClient({ baseURL: upstream.url, apiKey: sessions.bearerFor("c1"), logger });
    await Promise.all([y.yields(), y.yields(), y.yields()]);
    await y.yields();
    const mints = upstream.requests.filter((r) => r.url.endsWith("/sessions"));
    expect(mints).toHaveLength(1);
    const yieldCalls = upstream.requests.filter((r) => r.url.includes("/yields"));
    expect(new Set(yieldCalls.map((r) => r.headers.authorization))).toEqual(new Set(["Bearer cst-1-secret"]));
    expect(lines.join("\n")).not.toContain("cst-1-secret");
  });

  it("renews a token the upstream rejects and resends once", async () => {
    upstream = await scripted((_req, token) => token === "cst-1-secret");
    const admin = new AdminClient({ baseURL: upstream.url, apiKey: "custodian-key-1", ...quiet() });
    const sessions = new SessionTokenCache(async (id) => (await admin.clients.createSession(id)).clientSessionToken);
    const y = new YieldClient({ baseURL: upstream.url, apiKey: sessions.bearerFor("c1"), ...quiet() });
    const { attempts } = await y.enter({ address: "0x1", yieldId: "y" }).withResponse();
    expect(attempts).toBe(2);
    expect(upstream.requests.filter((r) => r.url.endsWith("/sessions"))).toHaveLength(2);
    expect(
      upstream.requests.filter((r) => r.url.includes("/actions/enter")).map((r) => r.headers.authorization),
    ).toEqual(["Bearer cst-1-secret", "Bearer cst-2-secret"]);
  });
});
