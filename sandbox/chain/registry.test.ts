import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Address, type Hex, encodeFunctionData, erc20Abi, parseEther, parseUnits, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENESIS_EXTENSIONS } from "../genesis-extensions";
import type { ChainTransfer } from "../types";
import { genesisAddresses } from "./genesis";
import { createChainRegistry, type SandboxChainRegistry } from "./registry";
import { NATIVE_DRIP_WEI, TEST_TOKEN_SPECS, dripAmount } from "./test-tokens";

const SEPOLIA = 11155111;
const BASE_SEPOLIA = 84532;
const dataDir = mkdtempSync(join(tmpdir(), "sandbox-chain-"));
let registry: SandboxChainRegistry;
const transfers: ChainTransfer[] = [];

beforeAll(async () => {
  registry = createChainRegistry({ extensions: GENESIS_EXTENSIONS, dataDir, log: () => undefined });
  registry.onTransfer((t) => transfers.push(t));
  await registry.start();
});

afterAll(async () => {
  await registry.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function sendSigned(
  from: ReturnType<typeof privateKeyToAccount>,
  tx: { to: Address; value?: bigint; data?: Hex },
): Promise<Hex> {
  const nonce = Number(await registry.request(SEPOLIA, "eth_getTransactionCount", [from.address, "pending"]));
  const raw = await from.signTransaction({
    type: "eip1559",
    chainId: SEPOLIA,
    nonce,
    gas: 100_000n,
    maxFeePerGas: parseUnits("10", 9),
    maxPriorityFeePerGas: parseUnits("1", 9),
    ...tx,
  });
  return (await registry.request(SEPOLIA, "eth_sendRawTransaction", [raw])) as Hex;
}

describe("chain registry", () => {
  it("starts sepolia and base-sepolia with the test tokens at the deterministic addresses", async () => {
    expect(registry.running()).toEqual([BASE_SEPOLIA, SEPOLIA]);
    expect(await registry.request(SEPOLIA, "eth_chainId")).toBe(toHex(SEPOLIA));
    expect(await registry.request(BASE_SEPOLIA, "eth_chainId")).toBe(toHex(BASE_SEPOLIA));
    const expected = genesisAddresses().tokens;
    for (const reference of [SEPOLIA, BASE_SEPOLIA]) {
      const tokens = await registry.tokens(reference);
      expect(tokens).toEqual(expected);
      expect(tokens.map((t) => [t.symbol, t.decimals])).toEqual([
        ["USDC", 6],
        ["USDT", 6],
        ["LINK", 18],
        ["WETH", 18],
      ]);
    }
    const decimals = await registry.request(SEPOLIA, "eth_call", [
      { to: expected[0]?.address, data: encodeFunctionData({ abi: erc20Abi, functionName: "decimals" }) },
      "latest",
    ]);
    expect(BigInt(decimals as Hex)).toBe(6n);
    expect(registry.references()).toContain(1);
  });

  it("funds a wallet once with the native coin and every token on every running chain", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    await registry.fund(wallet);
    await registry.fund(wallet);
    for (const reference of [SEPOLIA, BASE_SEPOLIA]) {
      expect(await registry.nativeBalance(reference, wallet)).toBe(NATIVE_DRIP_WEI);
      for (const [i, token] of (await registry.tokens(reference)).entries())
        expect(await registry.tokenBalance(reference, token.address, wallet)).toBe(
          dripAmount(TEST_TOKEN_SPECS[i] as (typeof TEST_TOKEN_SPECS)[number]),
        );
    }
  });

  it("reports native and ERC-20 transfers of mined blocks through onTransfer", async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    await registry.fund(sender.address);
    await registry.settle();
    const funding = transfers.filter((t) => t.to === sender.address);
    expect(funding.filter((t) => t.token === undefined)).toHaveLength(2); // one native drip per chain
    expect(funding.filter((t) => t.token?.symbol === "USDC" && t.chainId === `eip155:${SEPOLIA}`)).toHaveLength(1);

    const nativeHash = await sendSigned(sender, { to: recipient, value: parseEther("1.5") });
    const usdc = (await registry.tokens(SEPOLIA))[0] as { address: Address };
    const tokenHash = await sendSigned(sender, {
      to: usdc.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, parseUnits("12.5", 6)] }),
    });
    await registry.settle();
    const native = transfers.find((t) => t.transactionHash === nativeHash);
    expect(native).toMatchObject({
      chainId: "eip155:11155111",
      from: sender.address,
      to: recipient,
      rawAmount: parseEther("1.5"),
    });
    expect(native?.token).toBeUndefined();
    expect(native?.blockNumber).toBe(
      Number(
        ((await registry.request(SEPOLIA, "eth_getTransactionReceipt", [nativeHash])) as { blockNumber: Hex })
          .blockNumber,
      ),
    );
    const token = transfers.find((t) => t.transactionHash === tokenHash);
    expect(token).toMatchObject({ from: sender.address, to: recipient, rawAmount: parseUnits("12.5", 6) });
    expect(token?.token?.symbol).toBe("USDC");
  });

  it("mines a reverted transaction with status 0 instead of rejecting it, like a public node", async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    await registry.fund(sender.address);
    const usdc = (await registry.tokens(SEPOLIA))[0] as { address: Address };
    const hash = await sendSigned(sender, {
      to: usdc.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [sender.address, parseUnits("999999", 6)],
      }),
    });
    const receipt = (await registry.request(SEPOLIA, "eth_getTransactionReceipt", [hash])) as { status: Hex };
    expect(receipt.status).toBe("0x0");
  });

  it("refuses methods the journal could not replay, and unserved chains", async () => {
    await expect(registry.request(SEPOLIA, "evm_snapshot")).rejects.toMatchObject({ code: -32601 });
    await expect(
      registry.request(SEPOLIA, "hardhat_impersonateAccount", [genesisAddresses().faucet]),
    ).rejects.toMatchObject({ code: -32601 });
    await expect(registry.request(SEPOLIA, "eth_sendTransaction", [{}])).rejects.toMatchObject({ code: -32601 });
    await expect(registry.request(999_999, "eth_chainId")).rejects.toMatchObject({ code: -32602 });
  });

  it("starts a chain on first use and pays it every wallet funded before", async () => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    await registry.fund(wallet);
    expect(registry.running()).not.toContain(8453);
    expect(await registry.nativeBalance(8453, wallet)).toBe(NATIVE_DRIP_WEI);
    expect(registry.running()).toContain(8453);
  });

  it("replays its journal after a restart: balances, block numbers and developer state edits survive", async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const edited = privateKeyToAccount(generatePrivateKey()).address;
    await registry.fund(sender.address);
    const hash = await sendSigned(sender, { to: recipient, value: parseEther("2") });
    await registry.request(SEPOLIA, "hardhat_setBalance", [edited, toHex(12345)]);
    await registry.request(SEPOLIA, "evm_increaseTime", [7200]);
    const before = (await registry.request(SEPOLIA, "eth_getTransactionReceipt", [hash])) as { blockNumber: Hex };
    await registry.close();

    registry = createChainRegistry({ extensions: GENESIS_EXTENSIONS, dataDir, log: () => undefined });
    registry.onTransfer((t) => transfers.push(t));
    await registry.start();
    expect(await registry.nativeBalance(SEPOLIA, recipient)).toBe(parseEther("2"));
    expect(await registry.nativeBalance(SEPOLIA, edited)).toBe(12345n);
    // Same raw bytes replayed, so the same hash, in the same block.
    const after = (await registry.request(SEPOLIA, "eth_getTransactionReceipt", [hash])) as {
      blockNumber: Hex;
      status: Hex;
    };
    expect(after).toMatchObject({ blockNumber: before.blockNumber, status: "0x1" });
    await registry.request(SEPOLIA, "evm_mine");
    const latest = (await registry.request(SEPOLIA, "eth_getBlockByNumber", ["latest", false])) as { timestamp: Hex };
    expect(Number(latest.timestamp) - Date.now() / 1000).toBeGreaterThan(7000);
    // A wallet funded before the restart is not paid twice.
    await registry.fund(sender.address);
    expect(await registry.tokenBalance(SEPOLIA, genesisAddresses().tokens[0]?.address as Address, sender.address)).toBe(
      parseUnits("10000", 6),
    );
  });
});

describe("developer time helpers", () => {
  it("mines a million empty blocks at once without the follower reading each one", async () => {
    const before = Number(await registry.request(SEPOLIA, "eth_blockNumber"));
    const started = Date.now();
    await registry.request(SEPOLIA, "hardhat_mine", [toHex(1_000_000)]);
    await registry.settle();
    expect(Number(await registry.request(SEPOLIA, "eth_blockNumber"))).toBe(before + 1_000_000);
    expect(Date.now() - started).toBeLessThan(5000);
    // Transfers after the jump are still reported.
    const sender = privateKeyToAccount(generatePrivateKey());
    await registry.fund(sender.address);
    await registry.settle();
    expect(transfers.some((t) => t.to === sender.address && t.blockNumber > before + 1_000_000)).toBe(true);
  });

  it("reports a transfer sent while blocks are being mined (a confirmation waiting on depth mines them)", async () => {
    const sender = privateKeyToAccount(generatePrivateKey());
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    await registry.fund(sender.address);
    await registry.settle();
    const sent: Hex[] = [];
    for (let round = 0; round < 5; round++) {
      const [, hash] = await Promise.all([
        registry.request(SEPOLIA, "hardhat_mine", [toHex(18)]),
        sendSigned(sender, { to: recipient, value: parseEther("0.001") }),
      ]);
      sent.push(hash);
    }
    await registry.settle();
    const reported = new Set(transfers.map((t) => t.transactionHash));
    expect(sent.filter((hash) => !reported.has(hash))).toEqual([]);
  });
});
