import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { decodeFunctionData, erc20Abi, hexToBigInt } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bitcoinBuildTransactionResponseSchema,
  evmBuildTransactionResponseSchema,
  solanaBuildTransactionResponseSchema,
} from "@/lib/contracts";
import { FAKE_TOKENS, startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import { decodeBase58 } from "../../state/addresses";
import type { ClientRecord } from "../../types";
import { simulatedUtxos } from "../simulated-holdings";
import { bip143SignatureHash, serializeUnsigned } from "./bitcoin";
import { SYSTEM_PROGRAM, TOKEN_PROGRAM, associatedTokenAddress } from "./solana-message";

let sb: TestSandbox;
let client: ClientRecord;
/** A seeded client whose simulated Bitcoin balance can pay a small transfer. */
let btcClient: ClientRecord;
beforeAll(async () => {
  sb = await startTestSandbox();
  client = sb.clients.all()[0] as ClientRecord;
  btcClient = sb.clients
    .all()
    .find((c) => simulatedUtxos(c.id, "bip122:000000000019d6689c085ae165831e93-p2wpkh").length >= 2) as ClientRecord;
});
afterAll(() => sb.close());

const RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const SOL_RECIPIENT = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const BTC_RECIPIENT = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4";

const build = (chain: string, body: unknown, clientId = client.id) =>
  sb.admin(`/api/v3/custodians/me/clients/${clientId}/chains/${chain}/assets/send/build-transaction`, {
    method: "POST",
    body: JSON.stringify(body),
  });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("build-transaction, EIP-155", () => {
  it("builds a native transfer with a hex wei value", async () => {
    const res = await build("sepolia", { to: RECIPIENT, token: "ETH", amount: "0.25" });
    expect(res.status).toBe(200);
    const body = evmBuildTransactionResponseSchema.parse(await res.json());
    expect(body.transaction).toEqual({
      from: client.namespaces.eip155?.address,
      to: RECIPIENT,
      value: "0x3782dace9d90000",
    });
    expect(hexToBigInt(body.transaction.value as `0x${string}`)).toBe(250_000_000_000_000_000n);
    expect(body.metadata).toMatchObject({
      amount: "0.25",
      formattedAmount: "0.25",
      rawAmount: "250000000000000000",
      tokenDecimals: 18,
      tokenSymbol: "ETH",
      tokenAddress: null,
      fromAddress: client.namespaces.eip155?.address,
      toAddress: RECIPIENT,
    });
  });

  it("accepts NATIVE and a lower-case recipient", async () => {
    const body = evmBuildTransactionResponseSchema.parse(
      await (await build("eip155:11155111", { to: RECIPIENT.toLowerCase(), token: "NATIVE", amount: "1" })).json(),
    );
    expect(body.transaction.to).toBe(RECIPIENT);
  });

  it("builds ERC-20 transfer calldata to the token contract, by symbol or address", async () => {
    for (const token of ["USDC", "usdc", FAKE_TOKENS[0]?.address.toLowerCase() as string]) {
      const body = evmBuildTransactionResponseSchema.parse(
        await (await build("sepolia", { to: RECIPIENT, token, amount: "12.5" })).json(),
      );
      expect(body.transaction.to).toBe(FAKE_TOKENS[0]?.address);
      expect(body.transaction.value).toBeUndefined();
      expect(body.transaction.data?.startsWith("0xa9059cbb")).toBe(true);
      const decoded = decodeFunctionData({ abi: erc20Abi, data: body.transaction.data as `0x${string}` });
      expect(decoded).toEqual({ functionName: "transfer", args: [RECIPIENT, 12_500_000n] });
      expect(body.metadata).toMatchObject({
        rawAmount: "12500000",
        tokenDecimals: 6,
        tokenSymbol: "USDC",
        tokenAddress: FAKE_TOKENS[0]?.address,
      });
    }
  });

  it("maps base-sepolia to eip155:84531 here", async () => {
    expect((await build("base-sepolia", { to: RECIPIENT, token: "ETH", amount: "1" })).status).toBe(200);
    expect((await build("eip155:84531", { to: RECIPIENT, token: "ETH", amount: "1" })).status).toBe(200);
    expect(await errorOf(await build("eip155%3A84532", { to: RECIPIENT, token: "ETH", amount: "1" }))).toMatch(
      /^chain: unknown chain/,
    );
  });

  it.each([
    [{ to: "0x1234", token: "ETH", amount: "1" }, /^to: .* is not an EVM address/],
    [{ to: "0x70997970c51812dc3A010C7d01b50e0d17dc79C8", token: "ETH", amount: "1" }, /^to: /],
    [{ to: RECIPIENT, token: "DOGE", amount: "1" }, /^token: unknown token "DOGE" on eip155:11155111/],
    [{ to: RECIPIENT, token: "0x000000000000000000000000000000000000dEaD", amount: "1" }, /^token: unknown token/],
    [{ to: RECIPIENT, token: "USDC", amount: "0" }, /^amount: /],
    [{ to: RECIPIENT, token: "USDC", amount: "-1" }, /^amount: /],
    [{ to: RECIPIENT, token: "USDC", amount: "1e3" }, /^amount: /],
    [{ to: RECIPIENT, token: "USDC", amount: "0.0000001" }, /^amount: 0.0000001 has 7 decimal places but USDC has 6/],
    [{ to: RECIPIENT, token: "ETH", amount: "1.0000000000000000001" }, /has 19 decimal places but ETH has 18/],
    [{ token: "ETH", amount: "1" }, /^to: is required/],
    [{ to: RECIPIENT, amount: "1" }, /^token: is required/],
    [{ to: RECIPIENT, token: "ETH", amount: 1 }, /^amount: /],
  ])("400s %j", async (body, message) => {
    const res = await build("sepolia", body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  it("400s a client with no wallet yet and an unknown chain", async () => {
    const created = (await (await sb.admin("/api/v3/custodians/me/clients", { method: "POST" })).json()) as {
      id: string;
    };
    expect(await errorOf(await build("sepolia", { to: RECIPIENT, token: "ETH", amount: "1" }, created.id))).toMatch(
      /has no eip155 wallet yet/,
    );
    expect(await errorOf(await build("polygon-amoy", { to: RECIPIENT, token: "ETH", amount: "1" }))).toMatch(
      /^chain: unknown chain "polygon-amoy" for build-transaction/,
    );
  });
});

describe("build-transaction, Solana", () => {
  it("builds a System transfer of SOL as a base64 legacy transaction", async () => {
    const res = await build("solana-devnet", { to: SOL_RECIPIENT, token: "SOL", amount: "0.5" });
    expect(res.status).toBe(200);
    const body = solanaBuildTransactionResponseSchema.parse(await res.json());
    const from = client.namespaces.solana?.address as string;
    const tx = Buffer.from(body.transaction, "base64");
    expect(tx[0]).toBe(1); // one signature slot
    expect(tx.subarray(1, 65).every((b) => b === 0)).toBe(true);
    const message = body.metadata.unsignedTransaction?.message;
    expect(message?.header).toEqual({
      numRequiredSignatures: 1,
      numReadonlySignedAccounts: 0,
      numReadonlyUnsignedAccounts: 1,
    });
    expect(message?.accountKeys).toEqual([from, SOL_RECIPIENT, SYSTEM_PROGRAM]);
    expect(message?.instructions).toHaveLength(1);
    const data = decodeBase58(message?.instructions[0]?.data as string) as Uint8Array;
    expect([...data.subarray(0, 4)]).toEqual([2, 0, 0, 0]);
    expect(Buffer.from(data.subarray(4)).readBigUInt64LE()).toBe(500_000_000n);
    expect(body.metadata).toMatchObject({
      amount: "0.5",
      rawAmount: "500000000",
      mintAddress: null,
      fromAddress: from,
      toAddress: SOL_RECIPIENT,
      tokenDecimals: 9,
    });
    expect(body.metadata.lastValidBlockHeight).toMatch(/^\d+$/);
    expect(Buffer.from(body.metadata.serializedTransactionBase64Encoded as string, "base64")).toEqual(tx);
    expect(decodeBase58(message?.recentBlockhash as string)).toHaveLength(32);
  });

  it("builds an SPL transfer to the recipient's associated token account", async () => {
    const body = solanaBuildTransactionResponseSchema.parse(
      await (await build("solana", { to: SOL_RECIPIENT, token: "USDC", amount: "2.5" })).json(),
    );
    const mint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
    const message = body.metadata.unsignedTransaction?.message;
    expect(body.metadata).toMatchObject({
      mintAddress: mint,
      tokenMintAddress: mint,
      tokenProgramId: TOKEN_PROGRAM,
      rawAmount: "2500000",
      tokenDecimals: 6,
    });
    expect(message?.accountKeys).toContain(associatedTokenAddress(SOL_RECIPIENT, mint));
    const transfer = message?.instructions.at(-1);
    expect(message?.accountKeys[transfer?.programIdIndex as number]).toBe(TOKEN_PROGRAM);
    expect(decodeBase58(transfer?.data as string)?.[0]).toBe(12); // transferChecked
    expect(associatedTokenAddress("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", mint)).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{43,44}$/,
    );
  });

  it.each([
    [{ to: RECIPIENT, token: "SOL", amount: "1" }, /^to: .* is not a Solana address/],
    [{ to: SOL_RECIPIENT, token: "BONK", amount: "1" }, /^token: unknown token "BONK"/],
    [{ to: SOL_RECIPIENT, token: "SOL", amount: "0.0000000001" }, /has 10 decimal places but SOL has 9/],
  ])("400s %j", async (body, message) => {
    expect(await errorOf(await build("solana", body))).toMatch(message);
  });
});

describe("build-transaction, Bitcoin", () => {
  it("builds an unsigned P2WPKH transaction with a BIP-143 hash per input", async () => {
    const utxos = simulatedUtxos(btcClient.id, "bip122:000000000019d6689c085ae165831e93-p2wpkh");
    const balance = utxos.reduce((s, u) => s + u.value, 0n);
    const amountSats = balance / 2n;
    const amount = (Number(amountSats) / 1e8).toFixed(8).replace(/0+$/, "");
    const res = await build("bitcoin-segwit", { to: BTC_RECIPIENT, token: "BTC", amount }, btcClient.id);
    expect(res.status).toBe(200);
    const body = bitcoinBuildTransactionResponseSchema.parse(await res.json());
    const { metadata, transaction } = body;
    expect(metadata).toMatchObject({
      chainId: "bip122:000000000019d6689c085ae165831e93-p2wpkh",
      amount,
      fromAddress: btcClient.namespaces.bip122?.bitcoin.p2wpkh.mainnet,
      toAddress: BTC_RECIPIENT,
      tokenDecimals: 8,
      tokenSymbol: "BTC",
    });
    expect(BigInt(metadata.rawAmount)).toBe(BigInt(Math.round(Number(amount) * 1e8)));
    const raw = hexToBytes(transaction.rawTxHex);
    const inputs = raw[4] as number;
    expect(transaction.signatureHashes).toHaveLength(inputs);
    for (const h of transaction.signatureHashes) expect(h).toMatch(/^[0-9a-f]{64}$/);
    // Value conservation: the inputs spent = amount + change + fee.
    const spentTxids = Array.from({ length: inputs }, (_, k) =>
      bytesToHex(raw.subarray(5 + 41 * k, 5 + 41 * k + 32).reverse()),
    );
    const spent = utxos.filter((u) => spentTxids.includes(u.txid)).reduce((s, u) => s + u.value, 0n);
    expect(spent).toBe(BigInt(metadata.rawAmount) + BigInt(metadata.changeInSatoshis) + BigInt(metadata.feeInSatoshis));
    expect(transaction.publicKey).toBe(btcClient.wallets.find((w) => w.curve === "SECP256K1")?.publicKey);
    expect(bytesToHex(raw.subarray(0, 4))).toBe("02000000");
  });

  it.each([
    [
      "bitcoin-segwit",
      { to: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", token: "BTC", amount: "0.0001" },
      /^to: .* is not a Bitcoin mainnet address/,
    ],
    [
      "bitcoin-segwit-testnet",
      { to: BTC_RECIPIENT, token: "BTC", amount: "0.0001" },
      /^to: .* is not a Bitcoin testnet address/,
    ],
    ["bitcoin-segwit", { to: BTC_RECIPIENT, token: "USDC", amount: "0.0001" }, /^token: unknown token "USDC"/],
    [
      "bitcoin-segwit",
      { to: BTC_RECIPIENT, token: "BTC", amount: "0.000000001" },
      /has 9 decimal places but BTC has 8/,
    ],
    ["bitcoin-segwit", { to: BTC_RECIPIENT, token: "BTC", amount: "0.000001" }, /below the dust limit/],
    ["bitcoin-segwit", { to: BTC_RECIPIENT, token: "BTC", amount: "21000000" }, /insufficient funds/],
  ])("400s on %s %j", async (chain, body, message) => {
    expect(await errorOf(await build(chain, body, btcClient.id))).toMatch(message);
  });
});

describe("BIP-143", () => {
  it("matches the native P2WPKH example of BIP-143", () => {
    // BIP-143's example: two inputs, the second P2WPKH worth 6 BTC; txids in display order.
    const tx = {
      version: 1,
      inputs: [
        { txid: "9f96ade4b41d5433f4eda31e1738ec2b36f6e7d1420d94a6af99801a88f7f7ff", vout: 0, sequence: 0xffffffee },
        { txid: "8ac60eb9575db5b2d987e29f301b5b819ea83a5c6579d282d189cc04b8e151ef", vout: 1, sequence: 0xffffffff },
      ],
      outputs: [
        { value: 112340000n, script: hexToBytes("76a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac") },
        { value: 223450000n, script: hexToBytes("76a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac") },
      ],
      locktime: 0x11,
    };
    expect(bytesToHex(serializeUnsigned(tx))).toBe(
      "0100000002fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f0000000000eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac11000000",
    );
    expect(bip143SignatureHash(tx, 1, hexToBytes("1d0f172a0ecb48aee1be1f2687d2963ae33f71a1"), 600_000_000n)).toBe(
      "c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670",
    );
  });
});

describe("build-transaction, Tron and Stellar", () => {
  it("accepts their names but declines to invent an undocumented shape", async () => {
    for (const chain of ["tron", "stellar-testnet"]) {
      const res = await build(chain, { to: "x", token: "NATIVE", amount: "1" });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatch(/not available in the sandbox/);
    }
  });
});
