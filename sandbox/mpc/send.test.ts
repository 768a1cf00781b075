import { type Address, type Hex, parseEther, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MpcHarness, SEPOLIA_RPC, createMpcHarness } from "@/testing/mpc/harness";
import { createChainRegistry } from "../chain/registry";
import { GENESIS_EXTENSIONS } from "../genesis-extensions";
import type { ChainTransfer, ClientRecord } from "../types";

type Shares = { SECP256K1: { share: string; id: string }; ED25519: { share: string; id: string } };
type SendResponse = { transactionHash: Hex; metadata: Record<string, unknown> };

let h: MpcHarness;
let client: { client: ClientRecord; apiKey: string };
let shares: Shares;
const transfers: ChainTransfer[] = [];

const from = () => client.client.namespaces.eip155?.address as Address;
const send = (body: Record<string, unknown>) =>
  h.call(
    "/v1/assets/send",
    { share: shares.SECP256K1.share, chain: "sepolia", rpcUrl: SEPOLIA_RPC, token: "NATIVE", ...body },
    client.apiKey,
  );
const receipt = (hash: Hex) =>
  h.chains.request(11155111, "eth_getTransactionReceipt", [hash]) as Promise<{ status: Hex; from: Address } | null>;
const nonceOf = async (hash: Hex) =>
  Number(((await h.chains.request(11155111, "eth_getTransactionByHash", [hash])) as { nonce: Hex }).nonce);
const recipient = () => privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  h = await createMpcHarness();
  h.chains.onTransfer((t) => transfers.push(t));
  client = h.directory.addClient();
  shares = (await h.call("/v1/generate", {}, client.apiKey)).body as Shares;
});
afterAll(() => h.close());

describe("POST /v1/sign eth_sendTransaction", () => {
  it("builds, signs and broadcasts from a JSON-stringified object (the spec's example form)", async () => {
    const to = recipient();
    const res = await h.call(
      "/v1/sign",
      {
        method: "eth_sendTransaction",
        params: JSON.stringify({ value: "0x01", from: "", to, data: "" }),
        share: shares.SECP256K1.share,
        chainId: "eip155:11155111",
        to,
        rpcUrl: SEPOLIA_RPC,
      },
      client.apiKey,
    );
    expect(res.status).toBe(200);
    const hash = (res.body as { data: Hex }).data;
    expect(await receipt(hash)).toMatchObject({ status: "0x1", from: from().toLowerCase() });
    expect(await h.chains.nativeBalance(11155111, to)).toBe(1n);
  });

  it("takes a yield-style object of fields without gas, with a decimal value, and a JSON array", async () => {
    const to = recipient();
    const asObject = await h.call(
      "/v1/sign",
      {
        method: "eth_sendTransaction",
        params: { from: from(), to, value: "1000000000000000000" },
        share: shares.SECP256K1.share,
        chainId: "eip155:11155111",
        to,
        rpcUrl: SEPOLIA_RPC,
      },
      client.apiKey,
    );
    const asArray = await h.call(
      "/v1/sign",
      {
        method: "eth_sendTransaction",
        params: JSON.stringify([{ to, value: "0x0de0b6b3a7640000", gasLimit: "0x5208" }]),
        share: shares.SECP256K1.share,
        chainId: "eip155:11155111",
        to,
        rpcUrl: SEPOLIA_RPC,
      },
      client.apiKey,
    );
    for (const res of [asObject, asArray])
      expect(await receipt((res.body as { data: Hex }).data)).toMatchObject({ status: "0x1" });
    expect(await h.chains.nativeBalance(11155111, to)).toBe(parseEther("2"));
  });

  it("refuses a rpcUrl of another chain, an unserved chain, and a from that is not the wallet", async () => {
    const base = { method: "eth_sendTransaction", share: shares.SECP256K1.share, to: "x" };
    const params = { to: recipient(), value: "0x1" };
    expect(
      (
        await h.call(
          "/v1/sign",
          { ...base, params, chainId: "eip155:11155111", rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/84532" },
          client.apiKey,
        )
      ).body,
    ).toMatchObject({ id: "BAD_REQUEST" });
    expect(
      (await h.call("/v1/sign", { ...base, params, chainId: "eip155:31337", rpcUrl: SEPOLIA_RPC }, client.apiKey)).body,
    ).toMatchObject({ id: "BAD_REQUEST" });
    expect(
      (
        await h.call(
          "/v1/sign",
          { ...base, params: { ...params, from: recipient() }, chainId: "eip155:11155111", rpcUrl: SEPOLIA_RPC },
          client.apiKey,
        )
      ).body,
    ).toMatchObject({ id: "TX_BUILD_FAILED" });
  });
});

describe("POST /v1/assets/send", () => {
  it("sends the native coin and reports the amounts", async () => {
    const to = recipient();
    const res = await send({ to, amount: "0.25" });
    expect(res.status).toBe(200);
    const body = res.body as SendResponse;
    expect(body.metadata).toMatchObject({
      amount: "0.25",
      rawAmount: parseEther("0.25").toString(),
      tokenAddress: null,
      tokenDecimals: 18,
    });
    expect(await receipt(body.transactionHash)).toMatchObject({ status: "0x1" });
    expect(await h.chains.nativeBalance(11155111, to)).toBe(parseEther("0.25"));
  });

  it("sends USDC (by symbol, and by contract address on base-sepolia), raising a ChainTransfer", async () => {
    const to = recipient();
    const [usdc] = await h.chains.tokens(11155111);
    const res = await send({ to, token: "USDC", amount: "12.5" });
    expect(res.status).toBe(200);
    const body = res.body as SendResponse;
    expect(body.metadata).toMatchObject({
      amount: "12.5",
      rawAmount: "12500000",
      tokenAddress: usdc?.address,
      tokenDecimals: 6,
    });
    expect(await h.chains.tokenBalance(11155111, usdc?.address as Address, to)).toBe(parseUnits("12.5", 6));
    await h.chains.settle();
    expect(transfers.find((t) => t.transactionHash === body.transactionHash)).toMatchObject({
      chainId: "eip155:11155111",
      from: from(),
      to,
      rawAmount: 12_500_000n,
      token: { symbol: "USDC" },
    });

    const onBase = await send({
      to,
      chain: "base-sepolia",
      rpcUrl: "http://127.0.0.1:4010/rpc/v1/eip155/84532",
      token: usdc?.address,
      amount: "1",
    });
    expect(onBase.status).toBe(200);
    expect(await h.chains.tokenBalance(84532, usdc?.address as Address, to)).toBe(parseUnits("1", 6));
  });

  it("refuses a nonce already used or pending, and accepts the next free one", async () => {
    const next = Number(await h.chains.request(11155111, "eth_getTransactionCount", [from(), "pending"]));
    const used = await send({ to: recipient(), amount: "0.001", nonce: "0x00" });
    expect(used).toEqual({
      status: 400,
      body: { id: "RPC_OP_FAILED", message: expect.stringContaining("already used or pending") },
    });
    const ok = await send({ to: recipient(), amount: "0.001", nonce: `0x${next.toString(16).padStart(2, "0")}` });
    expect(ok.status).toBe(200);
    expect(await nonceOf((ok.body as SendResponse).transactionHash)).toBe(next);
    const again = await send({ to: recipient(), amount: "0.001", nonce: `0x${next.toString(16).padStart(2, "0")}` });
    expect(again.body).toMatchObject({ id: "RPC_OP_FAILED" });
  });

  it("gives five concurrent sends without a nonce five distinct nonces, all mined", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => send({ to: recipient(), token: "USDT", amount: "1" })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const hashes = results.map((r) => (r.body as SendResponse).transactionHash);
    const nonces = await Promise.all(hashes.map(nonceOf));
    expect(new Set(nonces).size).toBe(5);
    for (const hash of hashes) expect(await receipt(hash)).toMatchObject({ status: "0x1" });
  });

  it("refuses bad recipients, over-precise amounts, unknown tokens and chains, and sends it cannot pay for", async () => {
    expect((await send({ to: "0x1234", amount: "1" })).body).toMatchObject({ id: "BAD_REQUEST" });
    expect((await send({ to: recipient(), token: "USDC", amount: "0.0000001" })).body).toMatchObject({
      id: "BAD_REQUEST",
    });
    expect((await send({ to: recipient(), token: "DOGE", amount: "1" })).body).toMatchObject({ id: "BAD_REQUEST" });
    expect((await send({ to: recipient(), chain: "tron", amount: "1" })).body).toMatchObject({ id: "BAD_REQUEST" });
    expect((await send({ to: recipient(), chain: "nowhere", amount: "1" })).body).toMatchObject({ id: "BAD_REQUEST" });
    expect((await send({ to: recipient(), amount: "1000000" })).body).toMatchObject({ id: "RPC_OP_FAILED" });
    expect((await send({ to: recipient(), token: "LINK", amount: "1000000" })).body).toMatchObject({
      id: "RPC_OP_FAILED",
    });
    expect((await send({ to: recipient(), amount: "1", share: shares.ED25519.share })).body).toMatchObject({
      id: "SIGN_SHARE_MISMATCH",
    });
  });

  it("simulates Solana sends with a base58 signature as the hash", async () => {
    const res = await h.call(
      "/v1/assets/send",
      {
        share: shares.ED25519.share,
        chain: "solana-devnet",
        to: "11111111111111111111111111111111",
        token: "USDC",
        amount: "2",
      },
      client.apiKey,
    );
    expect(res.status).toBe(200);
    const body = res.body as SendResponse;
    expect(body.transactionHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(body.metadata).toMatchObject({
      amount: "2",
      rawAmount: "2000000",
      tokenDecimals: 6,
      mintAddress: "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU",
    });
  });
});

describe("with interval mining (SANDBOX_BLOCK_TIME_MS > 0)", () => {
  it("allocates nonces past pending transactions: five sent at once are mined together, each its own nonce", async () => {
    const chains = createChainRegistry({
      extensions: GENESIS_EXTENSIONS,
      bootReferences: [11155111],
      // Long enough for the five sends to be pending together, whatever the machine's speed.
      blockTimeMs: 1500,
      log: () => undefined,
    });
    const mined = await createMpcHarness({ chains });
    try {
      const who = mined.directory.addClient();
      const generated = (await mined.call("/v1/generate", {}, who.apiKey)).body as Shares;
      const address = who.client.namespaces.eip155?.address as Address;
      await vi.waitFor(async () => expect(await chains.nativeBalance(11155111, address)).toBe(parseEther("10")), {
        timeout: 30_000,
        interval: 50,
      });
      const body = {
        share: generated.SECP256K1.share,
        chain: "eip155:11155111",
        rpcUrl: SEPOLIA_RPC,
        token: "NATIVE",
        amount: "0.1",
      };
      const results = await Promise.all(
        Array.from({ length: 5 }, () => mined.call("/v1/assets/send", { ...body, to: recipient() }, who.apiKey)),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const hashes = results.map((r) => (r.body as SendResponse).transactionHash);
      const blocks = new Set<number>();
      await vi.waitFor(
        async () => {
          for (const hash of hashes) {
            const receipt = (await chains.request(11155111, "eth_getTransactionReceipt", [hash])) as {
              status: Hex;
              blockNumber: Hex;
            } | null;
            expect(receipt).toMatchObject({ status: "0x1" });
            blocks.add(Number(receipt?.blockNumber));
          }
        },
        { timeout: 30_000, interval: 50 },
      );
      // Some were pending together: each took the nonce after one that was not mined yet.
      expect(blocks.size).toBeLessThan(hashes.length);
      const nonces = await Promise.all(
        hashes.map(async (hash) =>
          Number(((await chains.request(11155111, "eth_getTransactionByHash", [hash])) as { nonce: Hex }).nonce),
        ),
      );
      expect([...nonces].sort()).toEqual([0, 1, 2, 3, 4]);
    } finally {
      await mined.close();
    }
  });
});
