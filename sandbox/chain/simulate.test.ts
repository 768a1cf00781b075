import {
  type Hex,
  createPublicClient,
  decodeErrorResult,
  decodeEventLog,
  encodeFunctionData,
  erc20Abi,
  erc4626Abi,
  http,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { sepolia } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENESIS_EXTENSIONS } from "../genesis-extensions";
import { createChainRegistry, type SandboxChainRegistry } from "./registry";
import { createRpcApp } from "./rpc";

/**
 * eth_simulateV1 on the sandbox's gateway, read with viem: calls run in order on the latest state
 * with what each leaves carried to the next (an approval, then the deposit that spends it), a revert
 * in step 2 after an approval in step 1 comes back with its reason, and nothing of it stays on the
 * chain, even with a real transaction sent while the simulation runs.
 */
const SEPOLIA = 11155111;
/** The sandbox's USDC vault on every local chain (sandbox/docs/chains.md, Contracts). */
const VAULT = "0x9E26034CCc560895E2f38681cEE75ba0300E3ba7";
const url = `http://sandbox.test/rpc/v1/eip155/${SEPOLIA}`;

let registry: SandboxChainRegistry;
let app: ReturnType<typeof createRpcApp>;
let rpc: <T>(
  method: string,
  params: unknown[],
) => Promise<{ result?: T; error?: { code: number; message: string; data?: Hex } }>;
let usdc: Hex;

beforeAll(async () => {
  registry = createChainRegistry({ extensions: GENESIS_EXTENSIONS, bootReferences: [SEPOLIA], log: () => undefined });
  await registry.start();
  app = createRpcApp(registry);
  rpc = async (method, params) =>
    (await (
      await app.request(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      })
    ).json()) as never;
  usdc = (await registry.tokens(SEPOLIA))[0]?.address as Hex;
}, 60_000);
afterAll(() => registry.close());

const client = () =>
  createPublicClient({
    chain: sepolia,
    transport: http(url, { fetchFn: async (input, init) => app.request(String(input), init) }),
  });

const approve = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [VAULT, amount] });
const deposit = (amount: bigint, receiver: Hex) =>
  encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [amount, receiver] });

interface SimCall {
  status: Hex;
  returnData: Hex;
  gasUsed: Hex;
  logs: { address: string; topics: Hex[]; data: Hex }[];
  error?: { code: number; message: string; data: Hex };
}

async function funded() {
  const account = privateKeyToAccount(generatePrivateKey());
  await registry.fund(account.address);
  return account.address;
}

async function chainState(address: Hex) {
  const c = client();
  return {
    block: await c.getBlockNumber(),
    nonce: await c.getTransactionCount({ address }),
    allowance: await c.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: "allowance",
      args: [address, VAULT],
    }),
    usdc: await c.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [address] }),
  };
}

describe("eth_simulateV1 (sandbox)", () => {
  it("carries state from call to call: the approval lets the deposit spend; nothing stays on the chain", async () => {
    const from = await funded();
    const before = await chainState(from);
    const amount = parseUnits("100", 6);
    const { result, error } = await rpc<{ calls: SimCall[] }[]>("eth_simulateV1", [
      {
        blockStateCalls: [
          { calls: [{ from, to: usdc, data: approve(amount) }] },
          { calls: [{ from, to: VAULT, data: deposit(amount, from) }] },
        ],
        validation: false,
      },
      "latest",
    ]);
    expect(error).toBeUndefined();
    const [first, second] = result as { calls: SimCall[] }[];
    expect(first?.calls[0]?.status).toBe("0x1");
    expect(second?.calls[0]?.status).toBe("0x1");
    expect(BigInt(second?.calls[0]?.gasUsed as Hex)).toBeGreaterThan(21_000n);
    // The deposit's logs, decoded by viem: the USDC leaves the caller for the vault, shares arrive.
    const transfers = (second?.calls[0]?.logs ?? [])
      .filter((l) => l.address.toLowerCase() === usdc.toLowerCase())
      .map((l) => decodeEventLog({ abi: erc20Abi, topics: l.topics as [Hex], data: l.data }));
    expect(transfers).toContainEqual(
      expect.objectContaining({ eventName: "Transfer", args: { from, to: VAULT, value: amount } }),
    );
    expect(await chainState(from)).toEqual(before);
  });

  it("a revert in step 2 after an approval in step 1: the reason, and the first call's success", async () => {
    const from = await funded();
    const before = await chainState(from);
    const tooMuch = parseUnits("20000", 6); // the faucet gave 10,000
    const { result } = await rpc<{ calls: SimCall[] }[]>("eth_simulateV1", [
      {
        blockStateCalls: [
          {
            calls: [
              { from, to: usdc, data: approve(tooMuch) },
              { from, to: VAULT, data: deposit(tooMuch, from) },
            ],
          },
        ],
      },
      "latest",
    ]);
    const calls = (result as { calls: SimCall[] }[])[0]?.calls ?? [];
    expect(calls.map((c) => c.status)).toEqual(["0x1", "0x0"]);
    const reverted = calls[1] as SimCall;
    expect(reverted.error?.code).toBe(3);
    expect(decodeErrorResult({ abi: [], data: reverted.returnData })).toMatchObject({
      errorName: "Error",
      args: ["ERC20: transfer amount exceeds balance"],
    });
    expect(await chainState(from)).toEqual(before);
  });

  it("traceTransfers: a native value sent shows as a transfer log from 0xEeee…EEeE", async () => {
    const from = await funded();
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { result } = await rpc<{ calls: SimCall[] }[]>("eth_simulateV1", [
      { blockStateCalls: [{ calls: [{ from, to, value: "0x2386f26fc10000" }] }], traceTransfers: true },
    ]);
    const [log] = (result as { calls: SimCall[] }[])[0]?.calls[0]?.logs ?? [];
    expect(log?.address).toBe("0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE");
    expect(decodeEventLog({ abi: erc20Abi, topics: log?.topics as [Hex], data: log?.data as Hex })).toMatchObject({
      args: { from, to, value: 10_000_000_000_000_000n },
    });
  });

  it("a real transaction sent while a simulation runs is mined and stays", async () => {
    const from = await funded();
    const payer = privateKeyToAccount(generatePrivateKey());
    await registry.fund(payer.address);
    const c = client();
    const fees = await c.estimateFeesPerGas();
    const signed = await payer.signTransaction({
      chainId: SEPOLIA,
      to: from,
      value: 12345n,
      nonce: await c.getTransactionCount({ address: payer.address }),
      gas: 21_000n,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    const balance = await c.getBalance({ address: from });
    const many = Array.from({ length: 20 }, () => ({ from, to: usdc, data: approve(1n) }));
    const [simulated, sent] = await Promise.all([
      rpc("eth_simulateV1", [{ blockStateCalls: [{ calls: many }] }]),
      c.sendRawTransaction({ serializedTransaction: signed }),
    ]);
    expect(simulated.error).toBeUndefined();
    const receipt = await c.waitForTransactionReceipt({ hash: sent, pollingInterval: 20 });
    expect(receipt.status).toBe("success");
    expect(await c.getBalance({ address: from })).toBe(balance + 12345n);
  });

  it("refuses what it does not support, naming it", async () => {
    const from = await funded();
    const call = { from, to: usdc, data: approve(1n) };
    for (const [params, words] of [
      [[{ blockStateCalls: [{ calls: [call] }], validation: true }], "validation"],
      [[{ blockStateCalls: [{ calls: [call], stateOverrides: {} }] }], "stateOverrides"],
      [[{ blockStateCalls: [{ calls: [call] }] }, "0x1"], "latest"],
      [[{ blockStateCalls: [] }], "non-empty"],
      [[{ blockStateCalls: [{ calls: [{ ...call, to: "nope" }] }] }], "to must be an address"],
    ] as const) {
      const { error } = await rpc("eth_simulateV1", params as unknown as unknown[]);
      expect(error?.code).toBe(-32602);
      expect(error?.message).toContain(words);
    }
  });
});
