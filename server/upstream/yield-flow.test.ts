/**
 * The scripted yield flow, with no browser, through the console's own typed clients
 * (AdminClient, MpcClient, YieldClient) over real HTTP against a sandbox started in this process:
 * create a client → generate → read its address → list yields → enter (approval + supply) → process
 * each transaction by the spec's rules (sign with /v1/sign eth_sendTransaction and an rpcUrl of the
 * form {base_url}/rpc/v1/eip155/<reference>, report the hash, wait for the receipt) → balances →
 * time passes → claim rewards via manage → exit → withdraw after the cooldown. Once for an EOA client,
 * once for an account-abstracted client (user-operation receipts), then the gas usage endpoint.
 */
import { type Address, type Hex, formatUnits, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  unsignedEvmTransactionFromJsonSchema,
  type YieldAction,
  type YieldBalance,
  type YieldOpportunity,
} from "@/lib/contracts";
import { DESTRUCTIVE, REAL_UPSTREAM, eventually, startUpstream, type Upstream } from "@/testing/conformance/harness";
import { captureLogs } from "@/testing/upstream/scripted-upstream";
import { whyReverted } from "@/testing/yield/why-reverted";
import { YieldClient } from "./yield";

const CHAIN_ID = "eip155:11155111";
const DAY = 86_400;

let up: Upstream;
beforeAll(async () => {
  up = await startUpstream();
}, 60_000);
afterAll(() => up?.close());

/** A JSON-RPC call on the upstream's gateway for the chain. */
async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(up.rpcUrl(CHAIN_ID), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

const erc20Balance = async (token: string, owner: string) =>
  BigInt(
    await rpc<Hex>("eth_call", [
      { to: token, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, "0")}` },
      "latest",
    ]),
  );

interface FlowClient {
  id: string;
  address: Address;
  share: string;
  accountAbstracted: boolean;
  yields: YieldClient;
  mpc: ReturnType<Upstream["mpc"]>;
  /** User operations sent (account-abstracted clients): each one is a sponsored operation. */
  userOperations: number;
}

async function createFlowClient(accountAbstracted: boolean): Promise<FlowClient> {
  const created = await up.admin.clients.create({ isAccountAbstracted: accountAbstracted });
  expect(created.isAccountAbstracted).toBe(accountAbstracted);
  // The EOA client acts with its API key, the account-abstracted one with its session token.
  const credential = accountAbstracted ? created.clientSessionToken : created.clientApiKey;
  const mpc = up.mpc(credential);
  const shares = await mpc.generate();
  const read = await up.admin.clients.retrieve(created.id);
  expect(read.isAccountAbstracted).toBe(accountAbstracted);
  const address = read.metadata.namespaces.eip155?.address as Address;
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  const yields = new YieldClient({
    baseURL: up.baseUrl,
    apiKey: credential,
    logger: captureLogs().logger,
    retryDelays: { initialMs: 20, maxMs: 100 },
  });
  return { id: created.id, address, share: shares.SECP256K1.share, accountAbstracted, yields, mpc, userOperations: 0 };
}

/**
 * The spec's yield transaction processing rules: sort by stepIndex; for each CREATED transaction with
 * an unsignedTransaction, parse it, sign and send it with /v1/sign eth_sendTransaction, report the hash
 * (for an account-abstracted client the bundle's transaction hash from eth_getUserOperationReceipt),
 * and wait for the on-chain receipt before the next one. `stripGas` drops the gas fields so the
 * service estimates (rule 2 allows it).
 */
async function process(client: FlowClient, action: YieldAction, { stripGas = false } = {}): Promise<void> {
  const steps = [...action.transactions].sort((a, b) => a.stepIndex - b.stepIndex);
  for (const tx of steps) {
    if (tx.status !== "CREATED" || !tx.unsignedTransaction) continue;
    const params = unsignedEvmTransactionFromJsonSchema.parse(tx.unsignedTransaction);
    if (stripGas)
      for (const field of ["gas", "gasLimit", "gasPrice", "maxFeePerGas", "maxPriorityFeePerGas"] as const)
        delete params[field];
    const { data } = await client.mpc.sign({
      method: "eth_sendTransaction",
      params,
      share: client.share,
      chainId: CHAIN_ID,
      to: params.to,
      rpcUrl: up.rpcUrl(CHAIN_ID),
    });
    let hash = data as Hex;
    if (client.accountAbstracted) {
      client.userOperations++;
      const receipt = await eventually("the user operation's receipt", () =>
        rpc<{ success: boolean; receipt: { transactionHash: Hex } } | null>("eth_getUserOperationReceipt", [data]),
      );
      expect(receipt.success).toBe(true);
      hash = receipt.receipt.transactionHash;
    }
    const submitted = await client.yields.submitHash(tx.transactionId, { hash });
    expect(submitted.data.rawResponse.status).toBe("BROADCASTED");
    const receipt = await eventually("the transaction's receipt", () =>
      rpc<{ status: Hex } | null>("eth_getTransactionReceipt", [hash]),
    );
    if (receipt.status !== "0x1") expect.fail(`${tx.title}: ${await whyReverted(rpc, hash)}`);
  }
}

async function positions(client: FlowClient, yieldId: string): Promise<YieldBalance[]> {
  const res = await client.yields.balances({ queries: [{ address: client.address, network: CHAIN_ID, yieldId }] });
  expect(res.data.rawResponse.errors).toEqual([]);
  return res.data.rawResponse.items.find((i) => i.yieldId === yieldId)?.balances ?? [];
}

const byType = (balances: YieldBalance[], type: string) => balances.find((b) => b.type === type);

/** The whole flow for one client; returns nothing, asserts at every step. */
async function yieldFlow(client: FlowClient): Promise<void> {
  // Discover: an ERC-4626 USDC vault (approval + supply) and staking with rewards and a cooldown.
  const list = await client.yields.yields({ network: CHAIN_ID, limit: 50, sort: "rewardRateDesc" });
  const items = list.data.rawResponse.items;
  expect(items.length).toBeGreaterThanOrEqual(4);
  const vault = items.find((i) => i.mechanics?.type === "lending" && i.token.symbol === "USDC") as YieldOpportunity;
  const staking = items.find(
    (i) =>
      (i.mechanics?.cooldownPeriod?.seconds ?? 0) > 0 && i.mechanics?.rewardClaiming === "manual" && i.token.address,
  ) as YieldOpportunity;
  expect(vault?.metadata.supportedStandards).toContain("ERC4626");
  expect(staking).toBeDefined();
  const usdc = vault.token.address as string;
  const stakeToken = staking.token.address as string;
  const cooldown = staking.mechanics?.cooldownPeriod?.seconds as number;

  // Enter the vault: APPROVAL (0) then SUPPLY (1).
  const usdcBefore = await erc20Balance(usdc, client.address);
  const entered = (
    await client.yields.enter({ address: client.address, yieldId: vault.id, arguments: { amount: "250" } })
  ).data.rawResponse;
  expect(entered.transactions.map((t) => [t.stepIndex, t.type, t.status])).toEqual([
    [0, "APPROVAL", "CREATED"],
    [1, "SUPPLY", "CREATED"],
  ]);
  await process(client, entered, { stripGas: client.accountAbstracted });
  const active = byType(await positions(client, vault.id), "active");
  expect(active).toMatchObject({
    address: client.address,
    type: "active",
    isEarning: true,
    token: { symbol: "USDC", network: CHAIN_ID },
  });
  // ERC-4626 rounds both conversions in the vault's favour: read in the second it was supplied (no interest
  // yet), 250 comes back as 249.999999, one unit of USDC's six decimals less.
  expect(Number(active?.amount)).toBeGreaterThanOrEqual(249.999999);
  expect(Number(active?.amount)).toBeLessThan(250.001);
  expect(usdcBefore - (await erc20Balance(usdc, client.address))).toBe(parseUnits("250", 6));

  // Stake: APPROVAL then STAKE.
  const staked = (
    await client.yields.enter({ address: client.address, yieldId: staking.id, arguments: { amount: "40" } })
  ).data.rawResponse;
  expect(staked.transactions.map((t) => t.type)).toEqual(["APPROVAL", "STAKE"]);
  await process(client, staked);
  expect(byType(await positions(client, staking.id), "active")?.amount).toBe("40");

  // Time passes on the chain: interest and rewards accrue at the advertised rates.
  await rpc("evm_increaseTime", [30 * DAY]);
  const grown = Number(byType(await positions(client, vault.id), "active")?.amount);
  expect(grown).toBeCloseTo(250 * (1 + (vault.rewardRate.total * 30) / 365), 3);
  const claimable = byType(await positions(client, staking.id), "claimable") as YieldBalance;
  expect(Number(claimable.amount)).toBeCloseTo((40 * staking.rewardRate.total * 30) / 365, 4);

  // Claim the rewards through manage, with the pending action's type and passthrough.
  const claim = claimable.pendingActions.find((p) => p.type === "CLAIM_REWARDS");
  expect(claim).toMatchObject({ intent: "manage", passthrough: expect.any(String) });
  const tokenBeforeClaim = await erc20Balance(stakeToken, client.address);
  const claimed = (
    await client.yields.manage({
      address: client.address,
      yieldId: staking.id,
      action: "CLAIM_REWARDS",
      passthrough: claim?.passthrough as string,
    })
  ).data.rawResponse;
  expect(claimed).toMatchObject({ intent: "manage", type: "CLAIM_REWARDS" });
  await process(client, claimed);
  const paid = Number(
    formatUnits((await erc20Balance(stakeToken, client.address)) - tokenBeforeClaim, staking.token.decimals),
  );
  expect(paid).toBeGreaterThanOrEqual(Number(claimable.amount));

  // Exit: the stake cools down (exiting), then becomes withdrawable, then is withdrawn.
  const exit = (await client.yields.exit({ address: client.address, yieldId: staking.id, arguments: { amount: "40" } }))
    .data.rawResponse;
  expect(exit.transactions.map((t) => t.type)).toEqual(["UNSTAKE"]);
  await process(client, exit);
  expect(byType(await positions(client, staking.id), "exiting")).toMatchObject({ amount: "40", pendingActions: [] });
  await rpc("evm_increaseTime", [cooldown + 1]);
  const withdrawable = byType(await positions(client, staking.id), "withdrawable") as YieldBalance;
  const withdraw = withdrawable.pendingActions.find((p) => p.type === "WITHDRAW");
  const tokenBeforeWithdraw = await erc20Balance(stakeToken, client.address);
  const withdrawn = (
    await client.yields.manage({
      address: client.address,
      yieldId: staking.id,
      action: "WITHDRAW",
      passthrough: withdraw?.passthrough as string,
    })
  ).data.rawResponse;
  await process(client, withdrawn);
  expect((await erc20Balance(stakeToken, client.address)) - tokenBeforeWithdraw).toBe(
    parseUnits("40", staking.token.decimals),
  );
  expect(byType(await positions(client, staking.id), "withdrawable")).toBeUndefined();

  // Leave the vault entirely: the grown amount comes back.
  const left = (
    await client.yields.exit({ address: client.address, yieldId: vault.id, arguments: { useMaxAmount: true } })
  ).data.rawResponse;
  await process(client, left);
  expect(await positions(client, vault.id)).toEqual([]);
  expect(Number(formatUnits(await erc20Balance(usdc, client.address), 6))).toBeGreaterThan(
    Number(formatUnits(usdcBefore, 6)),
  );

  // History: newest first, every action settled.
  const history = (await client.yields.actions({ address: client.address })).data.rawResponse.items;
  expect(history.map((a) => [a.intent, a.type, a.status])).toEqual([
    ["exit", "UNSTAKE", "SUCCESS"],
    ["manage", "WITHDRAW", "SUCCESS"],
    ["exit", "UNSTAKE", "SUCCESS"],
    ["manage", "CLAIM_REWARDS", "SUCCESS"],
    ["enter", "STAKE", "SUCCESS"],
    ["enter", "STAKE", "SUCCESS"],
  ]);
  for (const action of history) for (const tx of action.transactions) expect(tx.status).toBe("CONFIRMED");
}

describe.skipIf(REAL_UPSTREAM || !DESTRUCTIVE)("yield flow through server/upstream", () => {
  it("runs for a client whose wallet is an EOA", async () => {
    const client = await createFlowClient(false);
    await yieldFlow(client);
  }, 60_000);

  it("runs for an account-abstracted client with user-operation receipts, and the gas usage endpoint shows the sponsored operations", async () => {
    const before = await up.admin.gas.usage(CHAIN_ID);
    const client = await createFlowClient(true);
    // The smart account is counterfactual until its first operation deploys it.
    expect(await rpc("eth_getCode", [client.address, "latest"])).toBe("0x");
    await yieldFlow(client);
    expect(await rpc("eth_getCode", [client.address, "latest"])).not.toBe("0x");
    // Two approvals, supply, stake, claim, unstake, withdraw, vault exit.
    expect(client.userOperations).toBe(8);

    const after = await up.admin.gas.usage(CHAIN_ID);
    expect(after.totalTxsSponsored - before.totalTxsSponsored).toBe(client.userOperations);
    const month = new Date().toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    const current = after.usageData.find((m) => m.month === month && m.year === new Date().getUTCFullYear());
    const previous = before.usageData.find((m) => m.month === month && m.year === new Date().getUTCFullYear());
    expect((current?.txCount ?? 0) - (previous?.txCount ?? 0)).toBe(client.userOperations);
    expect(Number(after.totalUsage)).toBeGreaterThan(Number(before.totalUsage));
  }, 60_000);
});
