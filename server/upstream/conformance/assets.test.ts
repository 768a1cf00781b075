/**
 * Conformance: a client's balances per chain (every alias and CAIP-2 id of the spec's assets list)
 * and unsigned transfers from build-transaction (EIP-155 native and ERC-20, Solana, Bitcoin), with
 * every 400 the spec and the sandbox define. ERC-20 calldata is decoded here with viem.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type Address, decodeFunctionData, erc20Abi, getAddress, type Hex, hexToBytes, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BITCOIN_TESTNET_P2WPKH, chainInfo, chainInputsOf, resolveAssetsChain, SOLANA_DEVNET } from "@/lib/chains";
import type {
  BitcoinBuildTransactionResponse,
  BuildTransactionBody,
  Client,
  EvmBuildTransactionResponse,
  SolanaBuildTransactionResponse,
} from "@/lib/contracts";
import { base58Decode, base58Encode } from "@/testing/conformance/codec";
import {
  badRequest,
  createWalletClient,
  DESTRUCTIVE,
  eventually,
  rejection,
  SANDBOX,
  startUpstream,
  type Upstream,
  type WalletClient,
} from "@/testing/conformance/harness";
import { UpstreamError } from "../errors";

let up: Upstream;
/** A client with wallets: created here, or (real upstream without opt-in) the first listed client that has one. */
let subject: Client;
let owner: WalletClient | undefined;
const recipient = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  up = await startUpstream();
  if (DESTRUCTIVE) {
    owner = await createWalletClient(up);
    subject = await up.admin.clients.retrieve(owner.id);
  } else {
    const page = await up.admin.clients.list({ take: 100 });
    const withWallets = page.results.find(
      (c) => c.metadata.namespaces.eip155 && c.metadata.namespaces.solana && c.metadata.namespaces.bip122,
    );
    if (!withWallets)
      throw new Error(
        "the upstream has no client with wallets among its first 100 (and CONFORMANCE_DESTRUCTIVE is off)",
      );
    subject = withWallets;
  }
});
afterAll(() => up?.close());

const evmAddress = () => subject.metadata.namespaces.eip155?.address as Address;

/** A fetch that sends CAIP-2 ids in paths with a raw ':' (the spec asks for %3A; the sandbox takes both). */
const rawColonFetch: typeof fetch = (input, init) => fetch(String(input).replace(/%3A/g, ":"), init);

describe("GET .../clients/{clientId}/chains/{chain}/assets", () => {
  const inputs = chainInputsOf("assets");

  it("answers every shortcut and CAIP-2 id of the spec's assets list", async () => {
    expect(inputs.length).toBeGreaterThan(25);
    for (const chain of inputs) {
      const assets = await up.admin.clients.assets(subject.id, chain);
      const id = resolveAssetsChain(chain) as string;
      expect(assets.nativeBalance.decimals, chain).toBe(chainInfo(id)?.nativeDecimals);
      expect(BigInt(assets.nativeBalance.rawBalance), chain).toBeGreaterThanOrEqual(0n);
      if (SANDBOX) expect(assets.nativeBalance.symbol, chain).toBe(chainInfo(id)?.nativeSymbol);
      for (const token of assets.tokenBalances)
        expect(BigInt(token.rawBalance), `${chain} ${token.symbol}`).toBeGreaterThan(0n);
    }
  }, 60_000);

  it("gives a shortcut and its CAIP-2 id, encoded (%3A) or not, the same balances", async () => {
    const raw = up.adminWith({ fetch: rawColonFetch });
    for (const [alias, id] of [
      ["sepolia", "eip155:11155111"],
      ["base-sepolia", "eip155:84532"],
      ["solana-devnet", SOLANA_DEVNET],
      ["bitcoin-p2wpkh-testnet", BITCOIN_TESTNET_P2WPKH],
    ] as const) {
      const [viaAlias, viaId, viaRawId] = await Promise.all([
        up.admin.clients.assets(subject.id, alias),
        up.admin.clients.assets(subject.id, id),
        raw.clients.assets(subject.id, id),
      ]);
      expect(viaId, `${alias} = ${id}`).toEqual(viaAlias);
      expect(viaRawId, `${id} with a raw ':'`).toEqual(viaId);
    }
  });

  it.skipIf(!SANDBOX)(
    "reads EVM balances from the local chain: the faucet's native coin and test tokens (sandbox)",
    async () => {
      const assets = await up.admin.clients.assets(subject.id, "sepolia");
      expect(assets.nativeBalance).toMatchObject({ symbol: "ETH", decimals: 18, name: "Ether" });
      expect(BigInt(assets.nativeBalance.rawBalance)).toBeGreaterThan(0n);
      const held = Object.fromEntries(assets.tokenBalances.map((t) => [t.symbol, t]));
      expect(held.USDC).toMatchObject({ decimals: 6, balance: "10000", rawBalance: "10000000000" });
      expect(held.USDT).toMatchObject({ decimals: 6, balance: "10000" });
      expect(held.LINK).toMatchObject({ decimals: 18, balance: "100" });
      expect(held.WETH).toMatchObject({ decimals: 18, balance: "10" });
      expect(held.USDC?.metadata.tokenAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(assets.nfts).toEqual([]);
    },
  );

  it.each([
    ["a build-transaction name (polygon-mumbai)", "polygon-mumbai"],
    ["base-sepolia's build-transaction id (eip155:84531)", "eip155:84531"],
    ["an EVM id the list does not name", "eip155:999999"],
    ["an unknown name", "mars"],
    ["a shortcut in the wrong case", "Sepolia"],
  ])("answers %s with 400", async (_label, chain) => {
    await badRequest(up.admin.clients.assets(subject.id, chain as never, { validateInput: false }), /chain/);
  });

  it("refuses an unknown client", async () => {
    const error = await rejection(up.admin.clients.assets("cnoclientwiththisid000000", "sepolia"), UpstreamError);
    expect([400, 404]).toContain(error.status);
  });
});

describe("POST .../clients/{clientId}/chains/{chain}/assets/send/build-transaction", () => {
  const evm = (chain: string, body: BuildTransactionBody) =>
    up.admin.clients.buildTransaction(subject.id, chain as "sepolia", body) as Promise<EvmBuildTransactionResponse>;

  it("EIP-155 native: {from, to, value in wei} and its metadata", async () => {
    const built = await evm("sepolia", { to: recipient.toLowerCase(), token: "ETH", amount: "0.015" });
    expect(getAddress(built.transaction.from)).toBe(getAddress(evmAddress()));
    expect(getAddress(built.transaction.to)).toBe(recipient);
    expect(BigInt(built.transaction.value ?? "")).toBe(parseEther("0.015"));
    expect(built.transaction.data === undefined || built.transaction.data === "0x").toBe(true);
    expect(built.metadata).toMatchObject({ rawAmount: parseEther("0.015").toString(), tokenDecimals: 18 });
    expect(built.metadata.tokenAddress ?? null).toBeNull();
    if (SANDBOX) expect(built.transaction.value).toBe(`0x${parseEther("0.015").toString(16)}`);
    const viaNative = await evm("eip155:11155111", { to: recipient, token: "NATIVE", amount: "0.015" });
    expect(viaNative.transaction).toEqual(built.transaction);
  });

  it("EIP-155 ERC-20: the token contract with transfer(recipient, raw amount) calldata (decoded with viem)", async () => {
    const built = await evm("sepolia", { to: recipient, token: "USDC", amount: "1.5" });
    const usdc = (await up.admin.clients.assets(subject.id, "sepolia")).tokenBalances.find((t) => t.symbol === "USDC");
    if (usdc) expect(built.transaction.to.toLowerCase()).toBe(usdc.metadata.tokenAddress.toLowerCase());
    const data = built.transaction.data as Hex;
    expect(data.startsWith("0xa9059cbb")).toBe(true);
    const call = decodeFunctionData({ abi: erc20Abi, data });
    expect(call.functionName).toBe("transfer");
    expect(call.args).toEqual([recipient, 1_500_000n]);
    expect(BigInt(built.transaction.value ?? "0")).toBe(0n);
    expect(built.metadata).toMatchObject({ rawAmount: "1500000", tokenDecimals: 6 });
    expect(built.metadata.tokenAddress?.toLowerCase()).toBe(built.transaction.to.toLowerCase());

    // The same token named by its contract address builds the same transaction.
    const byAddress = await evm("sepolia", { to: recipient, token: built.transaction.to.toLowerCase(), amount: "1.5" });
    expect(byAddress.transaction).toEqual(built.transaction);
  });

  it.skipIf(!(SANDBOX && DESTRUCTIVE))(
    "builds a transaction the MPC service signs and the chain executes (sandbox)",
    async () => {
      const built = await evm("sepolia", { to: recipient, token: "USDC", amount: "2.25" });
      const mpc = owner?.mpc;
      if (!mpc || !owner) throw new Error("no wallet owner");
      const { data: hash } = await mpc.sign({
        method: "eth_sendTransaction",
        params: JSON.stringify([built.transaction]),
        share: owner.shares.SECP256K1.share,
        chainId: "eip155:11155111",
        to: built.transaction.to,
        rpcUrl: up.rpcUrl("eip155:11155111"),
      });
      const chain = up.chain("eip155:11155111");
      const receipt = await eventually("the receipt", () =>
        chain.getTransactionReceipt({ hash: hash as Hex }).catch(() => undefined),
      );
      expect(receipt.status).toBe("success");
      const balance = await chain.readContract({
        address: built.transaction.to as Address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [recipient],
      });
      expect(balance).toBe(2_250_000n);
    },
  );

  it("maps base-sepolia to eip155:84531 here (not 84532 as in the assets list)", async () => {
    const body = { to: recipient, token: "USDC", amount: "1" };
    const viaName = await evm("base-sepolia", body);
    const via84531 = await evm("eip155:84531", body);
    expect(via84531).toEqual(viaName);
    await badRequest(
      up.admin.clients.buildTransaction(subject.id, "eip155:84532" as never, body, { validateInput: false }),
      /chain/,
    );
  });

  it("Solana: a base64 unsigned transaction and its metadata", async () => {
    const to = base58Encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    const built = (await up.admin.clients.buildTransaction(subject.id, "solana-devnet", {
      to,
      token: "SOL",
      amount: "0.5",
    })) as SolanaBuildTransactionResponse;
    const bytes = Buffer.from(built.transaction, "base64");
    // One signature slot (compact-u16 1), still empty, then the message.
    expect(bytes[0]).toBe(1);
    expect(bytes.subarray(1, 65).every((b) => b === 0)).toBe(true);
    expect(built.metadata.amount).toBe("0.5");
    const from = subject.metadata.namespaces.solana?.address as string;
    const keys = built.metadata.unsignedTransaction?.message.accountKeys ?? [];
    expect(keys[0]).toBe(from);
    expect(keys).toContain(to);
    // The serialized message holds the fee payer's key right after the header.
    expect(bytes.includes(Buffer.from(base58Decode(from)))).toBe(true);
    if (SANDBOX)
      expect(built.metadata).toMatchObject({
        rawAmount: "500000000",
        tokenDecimals: 9,
        fromAddress: from,
        toAddress: to,
      });

    const usdc = (await up.admin.clients.buildTransaction(subject.id, "solana-devnet", {
      to,
      token: "USDC",
      amount: "1.25",
    })) as SolanaBuildTransactionResponse;
    expect(usdc.metadata.mintAddress).toBe("4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU");
  });

  /**
   * A client whose testnet Bitcoin can pay a transfer, with its shares where the test may make one: the
   * sandbox's simulated balances leave one client in ten empty, so more are created (or, on a real upstream
   * without opt-in, looked for among the listed ones) until one has some. Null only on a real upstream.
   */
  async function fundedBitcoinClient(): Promise<{ client: Client; signer?: WalletClient } | null> {
    const funded = async (client: Client) =>
      BigInt((await up.admin.clients.assets(client.id, "bitcoin-p2wpkh-testnet")).nativeBalance.rawBalance) >= 10_000n;
    if (await funded(subject)) return { client: subject, ...(owner ? { signer: owner } : {}) };
    if (DESTRUCTIVE)
      for (let tries = 0; tries < 8; tries++) {
        const signer = await createWalletClient(up);
        const client = await up.admin.clients.retrieve(signer.id);
        if (await funded(client)) return { client, signer };
      }
    else
      for (const client of (await up.admin.clients.list({ take: 100 })).results)
        if (client.metadata.namespaces.bip122 && (await funded(client))) return { client };
    return null;
  }

  it("Bitcoin: signature hashes per input, the unsigned transaction and the wallet's public key", async (ctx) => {
    const found = await fundedBitcoinClient();
    if (!found) {
      // Eight fresh sandbox clients all empty is a broken sandbox, not bad luck (one in 10^8).
      expect(SANDBOX, "no client with testnet Bitcoin to spend").toBe(false);
      return ctx.skip();
    }
    const { client: payer, signer } = found;
    const from = payer.metadata.namespaces.bip122?.bitcoin?.p2wpkh?.testnet as string;
    const built = (await up.admin.clients.buildTransaction(payer.id, "bitcoin-p2wpkh-testnet", {
      to: from,
      token: "BTC",
      amount: "0.00001",
    })) as BitcoinBuildTransactionResponse;
    expect(built.transaction.signatureHashes.length).toBeGreaterThan(0);
    for (const hash of built.transaction.signatureHashes) expect(hash).toMatch(/^(0x)?[0-9a-f]{64}$/);
    expect(built.transaction.rawTxHex).toMatch(/^([0-9a-f]{2})+$/);
    const wallet = payer.wallets.find((w) => w.curve === "SECP256K1");
    expect(JSON.parse(built.transaction.publicKey)).toEqual(JSON.parse(wallet?.publicKey ?? "null"));
    expect(built.metadata).toMatchObject({
      chainId: BITCOIN_TESTNET_P2WPKH,
      amount: "0.00001",
      rawAmount: "1000",
      fromAddress: from,
      toAddress: from,
      tokenDecimals: 8,
      tokenSymbol: "BTC",
    });
    expect(built.metadata.feeInSatoshis).toMatch(/^\d+$/);
    expect(built.metadata.changeInSatoshis).toMatch(/^\d+$/);
    if (SANDBOX) expect(built.transaction.rawTxHex.startsWith("02000000")).toBe(true);

    // Each hash is signed with raw sign on SECP256K1 and verifies against the wallet's key.
    if (signer) {
      const { X, Y } = JSON.parse(built.transaction.publicKey) as { X: string; Y: string };
      const publicKey = hexToBytes(
        `0x04${BigInt(X).toString(16).padStart(64, "0")}${BigInt(Y).toString(16).padStart(64, "0")}`,
      );
      for (const hash of built.transaction.signatureHashes) {
        const digest = hash.replace(/^0x/, "");
        const { data } = await signer.mpc.rawSign("SECP256K1", {
          params: digest,
          share: signer.shares.SECP256K1.share,
        });
        expect(
          secp256k1.verify(hexToBytes(data as Hex).subarray(0, 64), hexToBytes(`0x${digest}`), publicKey, {
            prehash: false,
          }),
        ).toBe(true);
      }
    }
  });

  const badChecksum = (() => {
    const lower = recipient.toLowerCase();
    // Flip the case of the first letter of the checksummed form: a mixed-case address with a wrong EIP-55 checksum.
    const i = [...recipient].findIndex((c, k) => k > 1 && /[a-fA-F]/.test(c));
    return `${recipient.slice(0, i)}${recipient[i] === lower[i] ? recipient[i]?.toUpperCase() : recipient[i]?.toLowerCase()}${recipient.slice(i + 1)}`;
  })();

  it.each([
    ["a recipient that is not an address", "sepolia", { to: "0x1234", token: "USDC", amount: "1" }, /to/],
    [
      "a mixed-case recipient with a bad EIP-55 checksum",
      "sepolia",
      { to: badChecksum, token: "USDC", amount: "1" },
      /to/,
    ],
    [
      "a Solana recipient that is not base58",
      "solana-devnet",
      { to: "not-base58-0OIl", token: "SOL", amount: "1" },
      /to/,
    ],
    [
      "a Bitcoin mainnet recipient on testnet",
      "bitcoin-p2wpkh-testnet",
      { to: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", token: "BTC", amount: "0.00001" },
      /to/,
    ],
    ["an unknown token", "sepolia", { to: recipient, token: "DOGE", amount: "1" }, /token/],
    [
      "an unknown token contract",
      "sepolia",
      { to: recipient, token: "0x000000000000000000000000000000000000dEaD", amount: "1" },
      /token/,
    ],
    ["a zero amount", "sepolia", { to: recipient, token: "USDC", amount: "0" }, /amount/],
    ["a negative amount", "sepolia", { to: recipient, token: "USDC", amount: "-1" }, /amount/],
    ["an amount in exponent form", "sepolia", { to: recipient, token: "USDC", amount: "1e3" }, /amount/],
    ["an amount without a leading digit", "sepolia", { to: recipient, token: "USDC", amount: ".5" }, /amount/],
    [
      "an amount finer than USDC's 6 decimals",
      "sepolia",
      { to: recipient, token: "USDC", amount: "1.0000001" },
      /amount/,
    ],
    ["an amount finer than wei", "sepolia", { to: recipient, token: "ETH", amount: "0.0000000000000000001" }, /amount/],
    [
      "an amount finer than lamports",
      "solana-devnet",
      { to: base58Encode(new Uint8Array(32).fill(7)), token: "SOL", amount: "0.0000000001" },
      /amount/,
    ],
    ["a missing recipient", "sepolia", { token: "USDC", amount: "1" }, /to/],
  ] as const)("answers %s with 400", async (_label, chain, body, message) => {
    await badRequest(
      up.admin.clients.buildTransaction(subject.id, chain, body as BuildTransactionBody, { validateInput: false }),
      message,
    );
  });

  it.each([
    ["an assets-only shortcut (polygon-amoy)", "polygon-amoy"],
    ["an unknown chain", "mars"],
  ])("answers %s as the chain with 400", async (_label, chain) => {
    await badRequest(
      up.admin.clients.buildTransaction(
        subject.id,
        chain as never,
        { to: recipient, token: "USDC", amount: "1" },
        { validateInput: false },
      ),
      /chain/,
    );
  });

  it.skipIf(!SANDBOX)("answers Tron and Stellar with 400: their shapes are undocumented (sandbox)", async () => {
    await badRequest(
      up.admin.clients.buildTransaction(subject.id, "tron-nile", {
        to: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        token: "TRX",
        amount: "1",
      }),
      /not available in the sandbox/,
    );
    await badRequest(
      up.admin.clients.buildTransaction(subject.id, "stellar:testnet", { to: "G", token: "XLM", amount: "1" }),
      /not available in the sandbox/,
    );
  });
});
