import { type Hex, createPublicClient, encodeFunctionData, erc20Abi, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { sepolia } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENESIS_EXTENSIONS } from "../genesis-extensions";
import { createChainRegistry, type SandboxChainRegistry } from "./registry";
import { createRpcApp } from "./rpc";

let registry: SandboxChainRegistry;
let app: ReturnType<typeof createRpcApp>;
const url = "http://sandbox.test/rpc/v1/eip155/11155111";

beforeAll(async () => {
  registry = createChainRegistry({ extensions: GENESIS_EXTENSIONS, bootReferences: [11155111], log: () => undefined });
  await registry.start();
  app = createRpcApp(registry);
});
afterAll(() => registry.close());

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("JSON-RPC endpoint", () => {
  it("serves viem's public client (balance, block number, contract reads, raw sends)", async () => {
    const client = createPublicClient({
      chain: sepolia,
      transport: http(url, { fetchFn: async (input, init) => app.request(String(input), init) }),
    });
    const account = privateKeyToAccount(generatePrivateKey());
    await registry.fund(account.address);
    expect(await client.getBalance({ address: account.address })).toBe(parseEther("10"));
    const [usdc] = await registry.tokens(11155111);
    expect(await client.readContract({ address: usdc?.address as Hex, abi: erc20Abi, functionName: "symbol" })).toBe(
      "USDC",
    );

    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: "pending" });
    const gas = await client.estimateGas({ account, to: account.address, value: 1n });
    const serializedTransaction = await account.signTransaction({
      chainId: sepolia.id,
      to: account.address,
      value: 1n,
      nonce,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const hash = await client.sendRawTransaction({ serializedTransaction });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect(await client.getBlockNumber()).toBe(receipt.blockNumber);
  });

  it("answers a batch in order, with per-call errors", async () => {
    const res = await post("/rpc/v1/eip155/11155111", [
      { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
      { jsonrpc: "2.0", id: "b", method: "evm_revert", params: ["0x1"] },
      { jsonrpc: "2.0", id: 3, method: "net_version" },
    ]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: unknown; result?: unknown; error?: { code: number } }[];
    expect(body.map((r) => r.id)).toEqual([1, "b", 3]);
    expect(body[0]?.result).toBe("0xaa36a7");
    expect(body[1]?.error?.code).toBe(-32601);
    expect(body[2]?.result).toBe("11155111");
  });

  it("returns node errors in the JSON-RPC body", async () => {
    const res = await post("/rpc/v1/eip155/11155111", {
      jsonrpc: "2.0",
      id: 7,
      method: "eth_sendRawTransaction",
      params: ["0x02"],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; error: { code: number; message: string } };
    expect(body.id).toBe(7);
    expect(body.error.code).toBeLessThan(0);
  });

  it("reports a reverted call like a public node: code 3, the reason, and the revert data", async () => {
    const [usdc] = await registry.tokens(11155111);
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: ["0x000000000000000000000000000000000000dEaD", 5n],
    });
    const res = await post("/rpc/v1/eip155/11155111", {
      jsonrpc: "2.0",
      id: 9,
      method: "eth_call",
      params: [{ from: "0x000000000000000000000000000000000000bEEF", to: usdc?.address, data }, "latest"],
    });
    const body = (await res.json()) as { error: { code: number; message: string; data: Hex } };
    expect(body.error).toMatchObject({
      code: 3,
      message: "execution reverted: ERC20: transfer amount exceeds balance",
    });
    expect(body.error.data).toMatch(/^0x08c379a0/);
  });

  it("rejects an unknown reference format or an unserved chain with a JSON-RPC error", async () => {
    for (const path of ["/rpc/v1/eip155/sepolia", "/rpc/v1/eip155/0x1", "/rpc/v1/eip155/999999"]) {
      const res = await post(path, { jsonrpc: "2.0", id: 1, method: "eth_chainId" });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { jsonrpc: string; id: null; error: { code: number; message: string } };
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32602 } });
    }
  });

  it("handles malformed bodies, empty batches and notifications", async () => {
    expect((await post("/rpc/v1/eip155/11155111", "{not json")).status).toBe(400);
    expect(
      ((await (await post("/rpc/v1/eip155/11155111", "{not json")).json()) as { error: { code: number } }).error.code,
    ).toBe(-32700);
    expect((await post("/rpc/v1/eip155/11155111", [])).status).toBe(400);
    expect((await post("/rpc/v1/eip155/11155111", { jsonrpc: "2.0", id: 1 })).status).toBe(400);
    expect((await post("/rpc/v1/eip155/11155111", { jsonrpc: "2.0", method: "eth_chainId" })).status).toBe(204);
  });
});
