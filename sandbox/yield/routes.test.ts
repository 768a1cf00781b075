/**
 * Conformance of the yield routes against the spec's "Yield operations" section and processing rules,
 * on the real contracts of a local chain: every route, its 400s, the errors[] path of balances, the
 * transaction and action state machines, and amounts read from the chain as time passes.
 */
import {
  type Address,
  type Hex,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  parseAbi,
  parseUnits,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { YIELD_NETWORKS } from "@/lib/chains";
import {
  listYieldActionsResponseSchema,
  listYieldsResponseSchema,
  submitHashResponseSchema,
  unsignedEvmTransactionFromJsonSchema,
  yieldActionResponseSchema,
  yieldBalancesResponseSchema,
} from "@/lib/contracts";
import {
  type Json,
  KEY,
  SEPOLIA,
  type TestClient,
  type YieldHarness,
  startYieldHarness,
} from "@/testing/yield/sandbox";
import { genesisAddresses } from "../chain/genesis";
import { stakingAbi, vaultAbi } from "./abi";
import { OPPORTUNITIES } from "./catalogue";
import { CATALOGUE, rateWad } from "./catalogue-data";

const VAULT = "ethereum-sepolia-usdc-sandbox-lending";
const LST = "ethereum-sepolia-eth-sandbox-liquid-staking";
const STAKING = "ethereum-sepolia-link-sandbox-staking";
const REWARDS = "ethereum-sepolia-weth-sandbox-reward-pool";
const YEAR = 365 * 86_400;
const [USDC, , LINK] = genesisAddresses().tokens;
const poolViews = parseAbi([
  "function rateWad() view returns (uint256)",
  "function cooldownSeconds() view returns (uint256)",
]);

let h: YieldHarness;
beforeAll(async () => {
  h = await startYieldHarness();
}, 60_000);
afterAll(() => h.close());

const enter = (client: TestClient, yieldId: string, args: Record<string, unknown>, address: string = client.address) =>
  h.y("/actions/enter", { body: { address, yieldId, arguments: args } }, client);
const balances = (client: TestClient, queries: Record<string, unknown>[]) =>
  h.y("/yields/balances", { body: { queries } }, client);
const positionOf = async (client: TestClient, yieldId: string): Promise<Json[]> => {
  const res = await balances(client, [{ address: client.address, network: "eip155:11155111", yieldId }]);
  return res.body.data.rawResponse.items.find((i: Json) => i.yieldId === yieldId)?.balances ?? [];
};
const tokenBalance = async (token: Address, owner: Address) =>
  BigInt(
    await h.rpc(SEPOLIA, "eth_call", [
      { to: token, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, "0")}` },
      "latest",
    ]),
  );

describe("authentication", () => {
  it("takes a client API key or session token only", async () => {
    const client = await h.newClient();
    expect((await h.y("/yields", { token: null })).status).toBe(401);
    expect((await h.y("/yields", { token: "not-a-token" })).status).toBe(401);
    expect((await h.y("/yields", { token: KEY })).status).toBe(401);
    const session = await h.admin(`/api/v3/custodians/me/clients/${client.id}/sessions`, { method: "POST" });
    const res = await h.y("/yields?limit=1", { token: session.body.clientSessionToken });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual({ clientId: client.id });
  });
});

describe("GET /yields", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await h.newClient();
  });
  const list = async (query = "") => {
    const res = await h.y(`/yields${query}`, {}, client);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return listYieldsResponseSchema.parse(res.body).data.rawResponse;
  };

  it("lists at least 12 opportunities on the spec's eip155 yield networks, with the provider's fields", async () => {
    const all = await list("?limit=100");
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.items).toHaveLength(all.total as number);
    expect(new Set(all.items.map((i) => i.id)).size).toBe(all.items.length);
    const networks = new Set(all.items.map((i) => i.token.network));
    expect(networks.size).toBeGreaterThanOrEqual(8);
    for (const item of all.items) {
      expect(YIELD_NETWORKS).toContain(item.token.network);
      expect(item.id).toMatch(new RegExp(`^${item.network}-${item.token.symbol.toLowerCase()}-sandbox-`));
      expect(item.rewardRate.total).toBeGreaterThan(0);
      expect(item.rewardRate.components?.[0]?.rate).toBe(item.rewardRate.total);
      expect(item.status).toEqual({ enter: true, exit: true });
      expect(item.mechanics?.entryLimits?.minimum).toMatch(/^\d/);
      expect(item.mechanics?.arguments?.enter?.fields.map((f) => f.name)).toEqual(["amount"]);
      expect(item.mechanics?.arguments?.exit?.fields.map((f) => f.name)).toContain("amount");
    }
  });

  it("types fees as decimal strings, leaves statistics out, and links documentation the sandbox serves", async () => {
    const res = await h.y("/yields?limit=100", {}, client);
    for (const item of res.body.data.rawResponse.items as Json[]) {
      expect(item.mechanics.fee).toEqual({ deposit: "0", withdrawal: "0", performance: "0", management: "0" });
      expect(Object.keys(item)).not.toContain("statistics");
      expect(item.metadata.documentation).toMatch(/^http:\/\/[^/]+\/static\/yields\/[a-z0-9-]+\.md$/);
    }
    const vault = (res.body.data.rawResponse.items as Json[]).find((i) => i.id === VAULT);
    const page = await h.sb.sandbox.baseApp.request(vault.metadata.documentation);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/markdown/);
    const text = await page.text();
    expect(text).toContain(VAULT);
    expect(text).toContain(OPPORTUNITIES.find((o) => o.id === VAULT)?.pool);
    const unknown = await h.sb.sandbox.baseApp.request("/static/yields/no-such-yield.md");
    expect(unknown.status).toBe(404);
  });

  it("covers a USDC ERC-4626 vault, native liquid staking, staking with a cooldown, and claimable rewards", async () => {
    const { items } = await list("?limit=100");
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(byId.get(VAULT)).toMatchObject({
      token: { symbol: "USDC" },
      outputToken: { symbol: "svUSDC" },
      mechanics: { type: "lending" },
      metadata: { supportedStandards: ["ERC20", "ERC4626"] },
    });
    expect(byId.get(LST)).toMatchObject({
      token: { symbol: "ETH" },
      outputToken: { symbol: "stETH" },
      mechanics: { type: "staking", rewardClaiming: "auto" },
    });
    expect(byId.get(LST)?.token.address).toBeUndefined();
    expect(byId.get(STAKING)).toMatchObject({
      mechanics: { cooldownPeriod: { seconds: 7 * 86_400 }, rewardClaiming: "manual" },
    });
    expect(byId.get(REWARDS)?.mechanics).toMatchObject({
      rewardClaiming: "manual",
      arguments: { manage: { CLAIM_REWARDS: { fields: [] } } },
    });
    expect(byId.get(REWARDS)?.mechanics?.cooldownPeriod).toBeUndefined();
  });

  it("pages with limit and offset, and filters by network, token, type and cooldown", async () => {
    const all = (await list("?limit=100")).items.map((i) => i.id);
    const page = await list("?limit=5&offset=5");
    expect(page).toMatchObject({ limit: 5, offset: 5, total: all.length });
    expect(page.items.map((i) => i.id)).toEqual(all.slice(5, 10));
    expect((await list()).items).toHaveLength(20);
    const sepolia = await list("?network=eip155:11155111&limit=100");
    expect(sepolia.items.map((i) => i.id).sort()).toEqual(
      OPPORTUNITIES.filter((o) => o.reference === SEPOLIA)
        .map((o) => o.id)
        .sort(),
    );
    expect((await list("?network=ethereum-sepolia&limit=100")).total).toBe(sepolia.total);
    expect((await list("?network=eip155%3A11155111")).total).toBe(sepolia.total);
    for (const item of (await list("?token=usdc&limit=100")).items) expect(item.token.symbol).toBe("USDC");
    expect((await list(`?token=${USDC?.address}&limit=100`)).total).toBe((await list("?token=USDC&limit=100")).total);
    for (const item of (await list("?type=lending&limit=100")).items) expect(item.mechanics?.type).toBe("lending");
    for (const item of (await list("?hasCooldownPeriod=true&limit=100")).items)
      expect(item.mechanics?.cooldownPeriod?.seconds).toBeGreaterThan(0);
    expect((await list("?network=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")).items).toEqual([]);
    expect((await list(`?yieldId=${STAKING}`)).items.map((i) => i.id)).toEqual([STAKING]);
  });

  it("sorts by reward rate", async () => {
    const asc = (await list("?sort=rewardRateAsc&limit=100")).items.map((i) => i.rewardRate.total);
    const desc = (await list("?sort=rewardRateDesc&limit=100")).items.map((i) => i.rewardRate.total);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
  });

  it.each([
    "?limit=0",
    "?limit=101",
    "?offset=-1",
    "?sort=apyDesc",
    "?network=eip155:56",
    "?network=Not%20a%20network",
    "?hasCooldownPeriod=maybe",
  ])("400s %s", async (query) => {
    const res = await h.y(`/yields${query}`, {}, client);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^(limit|offset|sort|network|hasCooldownPeriod): /);
  });

  it("advertises the rate and cooldown each pool contract was deployed with on its network", async () => {
    for (const entry of CATALOGUE) {
      const o = OPPORTUNITIES.find((x) => x.entry === entry);
      const rate = await h.rpc(entry.reference, "eth_call", [
        { to: o?.pool, data: encodeFunctionData({ abi: poolViews, functionName: "rateWad" }) },
        "latest",
      ]);
      expect(BigInt(rate), o?.id).toBe(rateWad(entry.rate));
      if (o?.spec.kind === "staking") {
        const cooldown = await h.rpc(entry.reference, "eth_call", [
          { to: o.pool, data: encodeFunctionData({ abi: poolViews, functionName: "cooldownSeconds" }) },
          "latest",
        ]);
        expect(Number(BigInt(cooldown)), o.id).toBe(o.cooldownSeconds);
      }
    }
  });
});

describe("POST /actions/enter", () => {
  let client: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    [client, other] = await Promise.all([h.newClient(), h.newClient()]);
  });

  it("400s a body without address", async () => {
    const res = await h.y("/actions/enter", { body: { yieldId: VAULT, arguments: { amount: "10" } } }, client);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("address: is required");
  });

  it.each([
    [
      { address: "0x000000000000000000000000000000000000dEaD", yieldId: VAULT, arguments: { amount: "10" } },
      /^address: 0x0+dEaD is not this client's wallet/,
    ],
    [{ yieldId: "ethereum-sepolia-usdc-nope-lending", arguments: { amount: "10" } }, /^yieldId: no yield/],
    [{ yieldId: VAULT }, /^arguments\.amount: is required/],
    [{ yieldId: VAULT, arguments: { amount: "0" } }, /^arguments\.amount: expected a positive decimal/],
    [{ yieldId: VAULT, arguments: { amount: "1e3" } }, /^arguments\.amount: expected a positive decimal/],
    [{ yieldId: VAULT, arguments: { amount: 10 } }, /^arguments\.amount: /],
    [
      { yieldId: VAULT, arguments: { amount: "10.1234567" } },
      /^arguments\.amount: 10\.1234567 has more decimal places than USDC's 6/,
    ],
    [{ yieldId: VAULT, arguments: { amount: "0.5" } }, /^arguments\.amount: 0\.5 is below the entry minimum of 1 USDC/],
    [
      { yieldId: VAULT, arguments: { amount: "1000001" } },
      /^arguments\.amount: 1000001 is above the entry maximum of 1000000 USDC/,
    ],
    [
      { yieldId: VAULT, arguments: { amount: "20000" } },
      /^arguments\.amount: 20000 USDC is more than the wallet holds \(10000\)/,
    ],
  ])("400s %j", async (body, message) => {
    const res = await h.y("/actions/enter", { body: { address: client.address, ...body } }, client);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it("400s a body that is not JSON, and another client's address", async () => {
    expect((await h.y("/actions/enter", { body: "{not json" }, client)).body).toEqual({
      error: "Request body is not valid JSON",
    });
    const res = await enter(client, VAULT, { amount: "10" }, other.address);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/is not this client's wallet/);
  });

  it("returns APPROVAL (step 0) then SUPPLY (step 1) for an ERC-20, each with a JSON unsignedTransaction", async () => {
    const res = await enter(client, VAULT, { amount: "25.5" });
    expect(res.status).toBe(200);
    const action = yieldActionResponseSchema.parse(res.body).data.rawResponse;
    expect(action).toMatchObject({
      intent: "enter",
      type: "STAKE",
      yieldId: VAULT,
      address: client.address,
      amount: "25.5",
      amountRaw: "25500000",
      amountUsd: "25.50",
      status: "CREATED",
    });
    const [approval, supply] = action.transactions;
    expect(approval).toMatchObject({
      stepIndex: 0,
      type: "APPROVAL",
      status: "CREATED",
      title: "Approve USDC",
      network: "ethereum-sepolia",
    });
    expect(supply).toMatchObject({
      stepIndex: 1,
      type: "SUPPLY",
      status: "CREATED",
      title: "Supply USDC",
      network: "ethereum-sepolia",
    });
    const vault = OPPORTUNITIES.find((o) => o.id === VAULT)?.pool as Address;
    const a = unsignedEvmTransactionFromJsonSchema.parse(approval?.unsignedTransaction);
    const s = unsignedEvmTransactionFromJsonSchema.parse(supply?.unsignedTransaction);
    for (const tx of [a, s]) {
      expect(tx).toMatchObject({ from: client.address, chainId: SEPOLIA, value: "0x0" });
      expect(tx.gasLimit).toMatch(/^0x[0-9a-f]+$/);
      expect(tx.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/);
      expect(tx.maxPriorityFeePerGas).toMatch(/^0x[0-9a-f]+$/);
    }
    expect(a.to).toBe(USDC?.address);
    expect(decodeFunctionData({ abi: erc20Abi, data: a.data as Hex })).toEqual({
      functionName: "approve",
      args: [vault, 25_500_000n],
    });
    expect(s.to).toBe(vault);
    expect(decodeFunctionData({ abi: vaultAbi, data: s.data as Hex })).toEqual({
      functionName: "deposit",
      args: [25_500_000n, client.address],
    });
    expect(Number(s.nonce)).toBe(Number(a.nonce) + 1);
    // Both names on the wire (the contract would fill one from the other, so read the raw body).
    for (const tx of res.body.data.rawResponse.transactions as Json[]) {
      expect(tx.transactionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(tx.id).toBe(tx.transactionId);
    }
  });

  it("marks the approval SKIPPED when the allowance already covers the amount", async () => {
    const fresh = await h.newClient();
    const first = (await enter(fresh, VAULT, { amount: "40" })).body.data.rawResponse;
    // Only the approval is sent: the allowance then covers any enter up to 40 USDC.
    await h.signAndSend(fresh, first.transactions[0].unsignedTransaction);
    const again = (await enter(fresh, VAULT, { amount: "30" })).body.data.rawResponse;
    expect(again.transactions.map((t: Json) => [t.stepIndex, t.type, t.status])).toEqual([
      [0, "APPROVAL", "SKIPPED"],
      [1, "SUPPLY", "CREATED"],
    ]);
    expect(again.transactions[0].unsignedTransaction).toBeNull();
    await h.run(fresh, again);
    expect((await positionOf(fresh, VAULT))[0]).toMatchObject({ type: "active", amountRaw: "30000000" });
  });

  it("stakes the native coin in one STAKE transaction carrying the value", async () => {
    const res = await enter(client, LST, { amount: "1.25" });
    const [stake] = res.body.data.rawResponse.transactions;
    expect(res.body.data.rawResponse.transactions).toHaveLength(1);
    expect(stake).toMatchObject({ stepIndex: 0, type: "STAKE", status: "CREATED" });
    expect(unsignedEvmTransactionFromJsonSchema.parse(stake.unsignedTransaction)).toMatchObject({
      value: "0x1158e460913d0000",
      data: "0x3a4b66f1",
    });
  });
});

describe("PUT /transactions/{id}/submit-hash", () => {
  let client: TestClient;
  let action: Json;
  beforeAll(async () => {
    client = await h.newClient();
    action = (await enter(client, VAULT, { amount: "100" })).body.data.rawResponse;
  });
  const submit = (id: string, hash: unknown, as: TestClient = client) =>
    h.y(`/transactions/${id}/submit-hash`, { method: "PUT", body: { hash } }, as);
  const history = async () =>
    (await h.y(`/actions?address=${client.address}`, {}, client)).body.data.rawResponse.items.find(
      (a: Json) => a.id === action.id,
    );

  it("moves step by step: CREATED → BROADCASTED → CONFIRMED, the action CREATED → PROCESSING → SUCCESS", async () => {
    const [approval, supply] = action.transactions as Json[];
    expect((await history()).status).toBe("CREATED");

    // Step 1 cannot go before step 0 is confirmed (the ordering rule), whatever the hash.
    const early = await submit(supply.id, `0x${"1".repeat(64)}`);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatch(/cannot be submitted before step 0 \(Approve USDC\) is confirmed; it is CREATED/);

    const approvalHash = await h.signAndSend(client, approval.unsignedTransaction);
    const res = await submit(approval.id, approvalHash);
    expect(res.status).toBe(200);
    const submitted = submitHashResponseSchema.parse(res.body);
    expect(submitted.data.rawResponse).toMatchObject({ id: approval.id, status: "BROADCASTED", hash: approvalHash });
    expect(submitted.metadata).toEqual({ clientId: client.id, transactionId: approval.id });
    expect((await history()).status).toBe("PROCESSING");
    // A retried report of the same hash is answered, not refused.
    expect((await submit(approval.id, approvalHash)).status).toBe(200);

    await h.receipt(SEPOLIA, approvalHash);
    const afterApproval = await history();
    expect(afterApproval.transactions.map((t: Json) => t.status)).toEqual(["CONFIRMED", "CREATED"]);
    expect(afterApproval.status).toBe("PROCESSING");

    // The approval's hash cannot back the supply step.
    const reused = await submit(supply.id, approvalHash);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toMatch(/already reported for transaction/);

    const supplyHash = await h.signAndSend(client, supply.unsignedTransaction);
    expect((await submit(supply.id, supplyHash)).body.data.rawResponse.status).toBe("BROADCASTED");
    const done = listYieldActionsResponseSchema
      .parse((await h.y(`/actions?address=${client.address}`, {}, client)).body)
      .data.rawResponse.items.find((a) => a.id === action.id);
    expect(done).toMatchObject({ status: "SUCCESS" });
    expect(done?.completedAt).toBeTruthy();
    expect(done?.transactions.map((t) => [t.status, t.hash])).toEqual([
      ["CONFIRMED", approvalHash],
      ["CONFIRMED", supplyHash],
    ]);
    const tx = await h.y(`/transactions/${supply.id}`, {}, client);
    expect(tx.body.data.rawResponse).toMatchObject({ status: "CONFIRMED", hash: supplyHash });
    // Confirmed with another hash: refused.
    expect((await submit(supply.id, approvalHash)).body.error).toMatch(/is already CONFIRMED/);
  });

  it("400s a malformed hash, a hash the chain does not have, and a transaction that is not the expected call", async () => {
    const fresh = await h.newClient();
    const [approval] = (await enter(fresh, VAULT, { amount: "5" })).body.data.rawResponse.transactions;
    expect((await submit(approval.id, "0x1234", fresh)).body.error).toMatch(
      /^hash: expected a 0x-prefixed 32-byte transaction hash/,
    );
    expect((await submit(approval.id, "", fresh)).body.error).toMatch(/^hash: /);
    expect((await submit(approval.id, `0x${"ab".repeat(32)}`, fresh)).body.error).toMatch(
      /^hash: no transaction 0x(ab)+ on eip155:11155111/,
    );

    // Sent from another wallet.
    const [othersApproval] = (await enter(client, VAULT, { amount: "5" })).body.data.rawResponse.transactions;
    const othersHash = await h.signAndSend(client, othersApproval.unsignedTransaction);
    expect((await submit(approval.id, othersHash, fresh)).body.error).toMatch(
      /^hash: the transaction was sent from 0x[0-9a-fA-F]{40}, not from the action's address/,
    );

    // From the right wallet, to the right token, but another call (approving a different amount).
    const unsigned = JSON.parse(approval.unsignedTransaction);
    const other = JSON.stringify({ ...unsigned, data: unsigned.data.replace(/[0-9a-f]{2}$/, "ff") });
    const wrongCall = await h.signAndSend(fresh, other);
    expect((await submit(approval.id, wrongCall, fresh)).body.error).toMatch(
      /^hash: the transaction's calldata is not that of Approve USDC/,
    );

    // To another contract.
    const elsewhere = await h.signAndSend(fresh, JSON.stringify({ ...unsigned, to: LINK?.address, nonce: undefined }));
    expect((await submit(approval.id, elsewhere, fresh)).body.error).toMatch(
      /^hash: the transaction was sent to 0x[0-9a-fA-F]{40}, not to /,
    );

    expect((await h.y(`/transactions/${approval.id}`, {}, fresh)).body.data.rawResponse.status).toBe("CREATED");
  });

  it("404s an unknown transaction id and another client's transaction", async () => {
    expect((await submit("5b7c1e0e-0000-4000-8000-000000000000", `0x${"1".repeat(64)}`)).status).toBe(404);
    const stranger = await h.newClient();
    const res = await submit(action.transactions[0].id, `0x${"1".repeat(64)}`, stranger);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatch(/^Transaction .+ not found$/);
  });

  it("400s a SKIPPED step and a body without hash", async () => {
    const fresh = await h.newClient();
    const first = (await enter(fresh, VAULT, { amount: "10" })).body.data.rawResponse;
    await h.signAndSend(fresh, first.transactions[0].unsignedTransaction);
    const second = (await enter(fresh, VAULT, { amount: "10" })).body.data.rawResponse;
    expect((await submit(second.transactions[0].id, `0x${"2".repeat(64)}`, fresh)).body.error).toMatch(/was skipped/);
    expect(
      (await h.y(`/transactions/${second.transactions[1].id}/submit-hash`, { method: "PUT", body: {} }, fresh)).body
        .error,
    ).toBe("hash: is required");
  });

  it("marks a reverted transaction FAILED and its action FAILED", async () => {
    const fresh = await h.newClient();
    const [stake] = (await enter(fresh, LST, { amount: "0.5" })).body.data.rawResponse.transactions;
    // Signed with too little gas: mined, and reverted.
    const starved = JSON.stringify({ ...JSON.parse(stake.unsignedTransaction), gasLimit: "0x5a3c" });
    const hash = await h.signAndSend(fresh, starved);
    expect((await h.receipt(SEPOLIA, hash)).status).toBe("0x0");
    expect((await submit(stake.id, hash, fresh)).body.data.rawResponse.status).toBe("BROADCASTED");
    const [failed] = (await h.y(`/actions?address=${fresh.address}`, {}, fresh)).body.data.rawResponse.items;
    expect(failed).toMatchObject({
      status: "FAILED",
      transactions: [{ status: "FAILED", error: "The transaction reverted" }],
    });
  });
});

describe("POST /yields/balances", () => {
  let client: TestClient;
  beforeAll(async () => {
    client = await h.newClient();
    await h.run(client, (await enter(client, VAULT, { amount: "250" })).body.data.rawResponse);
    await h.run(client, (await enter(client, LST, { amount: "2" })).body.data.rawResponse);
  });

  it("shows active positions read from the chain, with every field of the spec", async () => {
    const res = await balances(client, [{ address: client.address, network: "eip155:11155111" }]);
    expect(res.status).toBe(200);
    const body = yieldBalancesResponseSchema.parse(res.body);
    expect(body.metadata).toEqual({ clientId: client.id });
    expect(body.data.rawResponse.errors).toEqual([]);
    expect(body.data.rawResponse.items.map((i) => i.yieldId).sort()).toEqual([LST, VAULT].sort());
    const vault = body.data.rawResponse.items.find((i) => i.yieldId === VAULT)?.balances[0];
    expect(vault).toMatchObject({
      address: client.address,
      type: "active",
      isEarning: true,
      pendingActions: [],
      shareToken: { symbol: "svUSDC" },
    });
    expect(vault?.token).toMatchObject({
      symbol: "USDC",
      name: "USD Coin",
      decimals: 6,
      network: "eip155:11155111",
      address: USDC?.address,
      isPoints: false,
    });
    expect(vault?.token.logoURI).toMatch(/^http:\/\/localhost\/static\/logos\/usdc\.svg$/);
    // Interest accrues by the second: what was put in, less at most the one base unit EIP-4626 rounds
    // down by (assets → shares → assets) when no interest has accrued yet, a fraction of a cent more at most.
    expect(Number(vault?.amount)).toBeGreaterThanOrEqual(249.999999);
    expect(Number(vault?.amount)).toBeLessThan(250.01);
    expect(vault?.amountRaw).toBe(parseUnits(vault?.amount as string, 6).toString());
    expect(vault?.amountUsd).toBe(Number(vault?.amount).toFixed(2));
    const lst = body.data.rawResponse.items.find((i) => i.yieldId === LST)?.balances[0];
    expect(lst).toMatchObject({
      type: "active",
      token: { symbol: "ETH", network: "eip155:11155111" },
      isEarning: true,
    });
    expect(lst?.token.address).toBeUndefined();
    expect(Number(lst?.amount)).toBeGreaterThanOrEqual(2);
  });

  it("answers a query per yield, by CAIP-2 id or slug", async () => {
    const res = await balances(client, [
      { address: client.address.toLowerCase(), network: "ethereum-sepolia", yieldId: VAULT },
    ]);
    expect(res.body.data.rawResponse.items.map((i: Json) => i.yieldId)).toEqual([VAULT]);
  });

  it("puts unsupported networks, unknown addresses and yields elsewhere in errors[], not in a failed request", async () => {
    const stranger = await h.newClient();
    const res = await balances(client, [
      { address: client.address, network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" },
      { address: client.address, network: "eip155:56" },
      { address: client.address, network: "eip155:250" },
      { address: "0x000000000000000000000000000000000000dEaD", network: "eip155:11155111" },
      { address: stranger.address, network: "eip155:11155111" },
      { address: client.address, network: "eip155:11155111", yieldId: "base-usdc-sandbox-lending" },
      { address: client.address, network: "eip155:11155111", yieldId: VAULT },
    ]);
    expect(res.status).toBe(200);
    const body = yieldBalancesResponseSchema.parse(res.body).data.rawResponse;
    expect(body.items.map((i) => i.yieldId)).toEqual([VAULT]);
    expect(body.errors).toHaveLength(6);
    expect(body.errors.map((e) => e.error)).toEqual([
      expect.stringMatching(/^The sandbox has no yields on solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/),
      "eip155:56 is not a yield network",
      expect.stringMatching(/^The sandbox has no yields on eip155:250/),
      "Unknown address 0x000000000000000000000000000000000000dEaD: it is not a wallet of this client",
      `Unknown address ${stranger.address}: it is not a wallet of this client`,
      "No yield base-usdc-sandbox-lending on eip155:11155111",
    ]);
    expect(body.errors[0]).toMatchObject({
      network: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
      address: client.address,
    });
    expect(body.errors[5]).toMatchObject({ yieldId: "base-usdc-sandbox-lending" });
  });

  it("has no items for a wallet without positions", async () => {
    const fresh = await h.newClient();
    expect(
      (await balances(fresh, [{ address: fresh.address, network: "eip155:11155111" }])).body.data.rawResponse,
    ).toEqual({ items: [], errors: [] });
  });

  it.each([
    [{ queries: [] }, /^queries: expected at least one query/],
    [{ queries: [{ network: "Not A Network" }] }, /^queries\.0\.address: is required; queries\.0\.network: /],
    [{}, /^queries: is required/],
  ])("400s %j", async (body, message) => {
    const res = await h.y("/yields/balances", { body }, client);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});

describe("time, rewards and manage", () => {
  it("grows a vault position at exactly its advertised rate", async () => {
    const client = await h.newClient();
    await h.run(client, (await enter(client, VAULT, { amount: "1000" })).body.data.rawResponse);
    const started = Date.now();
    const before = BigInt((await positionOf(client, VAULT))[0].amountRaw);
    await h.increaseTime(SEPOLIA, YEAR);
    const after = BigInt((await positionOf(client, VAULT))[0].amountRaw);
    // 4.85 % of 1000 USDC over the year, plus the interest of the seconds the test itself took between
    // the two reads (the chain's clock runs on; about 1.5 raw units a second): measured, not assumed,
    // so a slow machine that takes three seconds is held to three seconds' interest.
    const expected = before + (before * 485n) / 10_000n;
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    const perSecond = (Number(before) * 0.0485) / YEAR;
    expect(Number(after - expected)).toBeLessThanOrEqual(Math.ceil(perSecond * seconds) + 1);
    expect(Number(after - expected)).toBeGreaterThanOrEqual(-2);
    // Exiting everything pays out the grown amount from the chain.
    const usdcBefore = await tokenBalance(USDC?.address as Address, client.address);
    const exit = await h.y(
      "/actions/exit",
      { body: { address: client.address, yieldId: VAULT, arguments: { useMaxAmount: true } } },
      client,
    );
    expect(exit.body.data.rawResponse).toMatchObject({
      intent: "exit",
      type: "UNSTAKE",
      transactions: [{ type: "WITHDRAW", stepIndex: 0 }],
    });
    await h.run(client, exit.body.data.rawResponse);
    const paid = (await tokenBalance(USDC?.address as Address, client.address)) - usdcBefore;
    expect(paid >= after - 1n && paid <= after + 2n).toBe(true);
    expect(await positionOf(client, VAULT)).toEqual([]);
  });

  it("accrues claimable rewards, claims and restakes them, exits through exiting → withdrawable, and withdraws", async () => {
    const client = await h.newClient();
    const staking = OPPORTUNITIES.find((o) => o.id === STAKING);
    const linkBefore = await tokenBalance(LINK?.address as Address, client.address);
    const entered = (await enter(client, STAKING, { amount: "50" })).body.data.rawResponse;
    expect(entered.transactions.map((t: Json) => t.type)).toEqual(["APPROVAL", "STAKE"]);
    await h.run(client, entered);
    const staked0 = await positionOf(client, STAKING);
    expect(staked0[0]).toMatchObject({ type: "active", amount: "50", isEarning: true, pendingActions: [] });
    // Rewards start accruing at once: anything claimable now is seconds' worth.
    expect(staked0.slice(1).map((b) => b.type)).toEqual(staked0.length > 1 ? ["claimable"] : []);

    await h.increaseTime(SEPOLIA, 30 * 86_400);
    let position = await positionOf(client, STAKING);
    const claimable = position.find((b) => b.type === "claimable");
    // 6.2 % a year on 50 LINK for 30 days, plus the seconds the test itself takes.
    const expected = (50 * 0.062 * 30) / 365;
    expect(Number(claimable.amount)).toBeGreaterThanOrEqual(expected);
    expect(Number(claimable.amount)).toBeLessThan(expected * 1.001);
    expect(claimable).toMatchObject({ isEarning: false, token: { symbol: "LINK" } });
    expect(claimable.pendingActions.map((p: Json) => [p.intent, p.type, p.arguments])).toEqual([
      ["manage", "CLAIM_REWARDS", null],
      ["manage", "RESTAKE_REWARDS", null],
    ]);
    const claim = claimable.pendingActions[0];
    // Balances are deterministic: the same passthrough on every read.
    expect((await positionOf(client, STAKING)).find((b) => b.type === "claimable").pendingActions[0].passthrough).toBe(
      claim.passthrough,
    );

    const manage = (body: Record<string, unknown>) =>
      h.y("/actions/manage", { body: { address: client.address, yieldId: STAKING, ...body } }, client);
    // The passthrough must come back unchanged and match the action.
    expect((await manage({ action: "CLAIM_REWARDS", passthrough: `${claim.passthrough}x` })).body.error).toMatch(
      /^passthrough: not a passthrough this provider issued/,
    );
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claim.passthrough, "base64").toString()), type: "WITHDRAW" }),
    ).toString("base64");
    expect((await manage({ action: "WITHDRAW", passthrough: forged })).body.error).toMatch(
      /^passthrough: not a passthrough this provider issued/,
    );
    expect((await manage({ action: "RESTAKE_REWARDS", passthrough: claim.passthrough })).body.error).toBe(
      "action: the passthrough is that of a CLAIM_REWARDS pending action, not RESTAKE_REWARDS",
    );
    expect(
      (await manage({ action: "CLAIM_REWARDS", passthrough: claim.passthrough, yieldId: REWARDS })).body.error,
    ).toMatch(/^passthrough: it belongs to another position/);
    expect((await manage({ action: "CLAIM_REWARDS" })).body.error).toMatch(/^passthrough: is required/);

    const claimed = await manage({ action: "CLAIM_REWARDS", passthrough: claim.passthrough });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data.rawResponse).toMatchObject({
      intent: "manage",
      type: "CLAIM_REWARDS",
      transactions: [{ type: "CLAIM_REWARDS", stepIndex: 0, status: "CREATED" }],
    });
    await h.run(client, claimed.body.data.rawResponse);
    const linkAfterClaim = await tokenBalance(LINK?.address as Address, client.address);
    expect(Number(formatUnits(linkAfterClaim - (linkBefore - parseUnits("50", 18)), 18))).toBeGreaterThanOrEqual(
      expected,
    );

    await h.increaseTime(SEPOLIA, 10 * 86_400);
    const restake = (await positionOf(client, STAKING))
      .find((b) => b.type === "claimable")
      .pendingActions.find((p: Json) => p.type === "RESTAKE_REWARDS");
    await h.run(
      client,
      (await manage({ action: "RESTAKE_REWARDS", passthrough: restake.passthrough })).body.data.rawResponse,
    );
    const staked = Number((await positionOf(client, STAKING)).find((b) => b.type === "active").amount);
    expect(staked).toBeGreaterThan(50 + (50 * 0.062 * 10) / 365 - 1e-9);

    // Exit: the amount cools down for 7 days (exiting), then can be withdrawn.
    expect(
      (
        await h.y(
          "/actions/exit",
          { body: { address: client.address, yieldId: STAKING, arguments: { amount: "1000" } } },
          client,
        )
      ).body.error,
    ).toMatch(/^arguments\.amount: 1000 LINK is more than the active position/);
    expect(
      (await h.y("/actions/exit", { body: { address: client.address, yieldId: STAKING } }, client)).body.error,
    ).toMatch(/^arguments\.amount: is required/);
    const exit = (
      await h.y(
        "/actions/exit",
        { body: { address: client.address, yieldId: STAKING, arguments: { amount: "20" } } },
        client,
      )
    ).body.data.rawResponse;
    expect(exit.transactions.map((t: Json) => t.type)).toEqual(["UNSTAKE"]);
    expect(
      decodeFunctionData({ abi: stakingAbi, data: JSON.parse(exit.transactions[0].unsignedTransaction).data })
        .functionName,
    ).toBe("unstake");
    await h.run(client, exit);
    position = await positionOf(client, STAKING);
    const exiting = position.find((b) => b.type === "exiting");
    expect(exiting).toMatchObject({ amount: "20", isEarning: false, pendingActions: [] });
    expect(Date.parse(exiting.date) / 1000).toBeGreaterThan(
      Date.now() / 1000 + 40 * 86_400 + (staking?.cooldownSeconds ?? 0) - 60,
    );

    await h.increaseTime(SEPOLIA, 7 * 86_400 + 1);
    const withdrawable = (await positionOf(client, STAKING)).find((b) => b.type === "withdrawable");
    expect(withdrawable).toMatchObject({ amount: "20", pendingActions: [{ intent: "manage", type: "WITHDRAW" }] });
    const passthrough = withdrawable.pendingActions[0].passthrough;
    const linkBeforeWithdraw = await tokenBalance(LINK?.address as Address, client.address);
    await h.run(client, (await manage({ action: "WITHDRAW", passthrough })).body.data.rawResponse);
    expect((await tokenBalance(LINK?.address as Address, client.address)) - linkBeforeWithdraw).toBe(
      parseUnits("20", 18),
    );
    // The same passthrough again: WITHDRAW is no longer a pending action of the position.
    expect((await manage({ action: "WITHDRAW", passthrough })).body.error).toMatch(
      /^action: WITHDRAW is not a pending action of this position now \(pending: CLAIM_REWARDS, RESTAKE_REWARDS\)/,
    );
  });

  it("400s an exit without a position", async () => {
    const client = await h.newClient();
    const res = await h.y(
      "/actions/exit",
      { body: { address: client.address, yieldId: REWARDS, arguments: { amount: "1" } } },
      client,
    );
    expect(res.body.error).toBe(`address: ${client.address} has no active position in ${REWARDS}`);
  });
});

describe("GET /actions", () => {
  it("lists the address's actions newest first, with their transactions, and filters", async () => {
    const client = await h.newClient();
    const first = (await enter(client, VAULT, { amount: "3" })).body.data.rawResponse;
    const second = (await enter(client, LST, { amount: "0.01" })).body.data.rawResponse;
    await h.run(client, second);
    const res = await h.y(`/actions?address=${client.address}`, {}, client);
    const body = listYieldActionsResponseSchema.parse(res.body);
    expect(body.metadata).toEqual({ clientId: client.id });
    expect(body.data.rawResponse).toMatchObject({ total: 2, offset: 0, limit: 20 });
    expect(body.data.rawResponse.items.map((a) => [a.id, a.status])).toEqual([
      [second.id, "SUCCESS"],
      [first.id, "CREATED"],
    ]);
    expect(body.data.rawResponse.items[1]?.transactions).toHaveLength(2);
    expect(
      (await h.y(`/actions?address=${client.address}&yieldId=${VAULT}`, {}, client)).body.data.rawResponse.items.map(
        (a: Json) => a.id,
      ),
    ).toEqual([first.id]);
    expect(
      (await h.y(`/actions?address=${client.address}&status=SUCCESS`, {}, client)).body.data.rawResponse.items.map(
        (a: Json) => a.id,
      ),
    ).toEqual([second.id]);
    expect(
      (await h.y(`/actions?address=${client.address}&limit=1&offset=1`, {}, client)).body.data.rawResponse.items.map(
        (a: Json) => a.id,
      ),
    ).toEqual([first.id]);
    // Another client's history is not visible, even by its address.
    const other = await h.newClient();
    expect((await h.y(`/actions?address=${client.address}`, {}, other)).body.data.rawResponse).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it.each([
    ["", /^address: is required/],
    ["?address=0xabc&limit=0", /^limit: expected at least 1/],
    ["?address=0xabc&intent=stake", /^intent: /],
  ])("400s %s", async (query, message) => {
    const client = await h.newClient();
    const res = await h.y(`/actions${query}`, {}, client);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });
});
