/**
 * Conformance: the MPC signing service (generate, sign by chain, raw sign by curve, assets/send,
 * backup, recover) and its effects seen through the administration API (client read, assets).
 * Every signature is verified here with viem / @noble/curves, independently of the signer.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  type Address,
  type Hex,
  getAddress,
  hexToBytes,
  keccak256,
  parseEther,
  parseTransaction,
  parseUnits,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  stringToHex,
  toBytes,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, publicKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, type AssetsSendBody, type CurveShares, type Endpoint, type SignBody } from "@/lib/contracts";
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
import { BadRequestError, UnauthorizedError } from "../errors";
import { SessionTokenCache } from "../session-tokens";

const SEPOLIA = "eip155:11155111";
const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
/** Sends need funded wallets: the sandbox's faucet funds every new wallet; a real upstream does not. */
const FUNDED = SANDBOX;

let up: Upstream;
let alice: WalletClient;
let bob: WalletClient;

beforeAll(async () => {
  up = await startUpstream();
  if (DESTRUCTIVE) [alice, bob] = await Promise.all([createWalletClient(up), createWalletClient(up)]);
});
afterAll(() => up?.close());

const stranger = () => privateKeyToAccount(generatePrivateKey()).address;

function signBody(owner: WalletClient, method: string, params: unknown[], extra: Partial<SignBody> = {}): SignBody {
  return {
    method,
    params: JSON.stringify(params),
    share: owner.shares.SECP256K1.share,
    chainId: SEPOLIA,
    to: owner.address,
    rpcUrl: up.rpcUrl(SEPOLIA),
    ...extra,
  };
}

function sendBody(
  owner: WalletClient,
  body: Partial<AssetsSendBody> & Pick<AssetsSendBody, "to" | "amount" | "token">,
): AssetsSendBody {
  return { share: owner.shares.SECP256K1.share, chain: "sepolia", rpcUrl: up.rpcUrl(SEPOLIA), ...body };
}

/** The SECP256K1 public key of a client read, uncompressed (0x04 ‖ X ‖ Y). */
async function secpPublicKey(clientId: string): Promise<Hex> {
  const wallet = (await up.admin.clients.retrieve(clientId)).wallets.find((w) => w.curve === "SECP256K1");
  const { X, Y } = JSON.parse(wallet?.publicKey ?? "{}") as { X: string; Y: string };
  const hex = (v: string) => BigInt(v).toString(16).padStart(64, "0");
  return `0x04${hex(X)}${hex(Y)}`;
}

async function edPublicKey(clientId: string): Promise<Uint8Array> {
  const wallet = (await up.admin.clients.retrieve(clientId)).wallets.find((w) => w.curve === "ED25519");
  return hexToBytes(`0x${(JSON.parse(wallet?.publicKey ?? "{}") as { X: string }).X}`);
}

/** Native and per-token raw balances of a client on Sepolia, read through the administration API. */
async function balances(clientId: string): Promise<{ native: bigint; token: (symbol: string) => bigint }> {
  const assets = await up.admin.clients.assets(clientId, "sepolia");
  return {
    native: BigInt(assets.nativeBalance.rawBalance),
    token: (symbol) => BigInt(assets.tokenBalances.find((t) => t.symbol === symbol)?.rawBalance ?? "0"),
  };
}

async function receiptOf(hash: Hex) {
  const chain = up.chain(SEPOLIA);
  return eventually(`the receipt of ${hash}`, () => chain.getTransactionReceipt({ hash }).catch(() => undefined), {
    timeoutMs: 15_000,
  });
}

const nonceHex = (n: number) => `0x${n.toString(16).padStart(2, "0")}`;

describe.skipIf(!DESTRUCTIVE)("POST /v1/generate", () => {
  it("returns an opaque share and a signing share pair id per curve", () => {
    for (const curve of ["SECP256K1", "ED25519"] as const) {
      expect(alice.shares[curve].share.length).toBeGreaterThan(20);
      expect(alice.shares[curve].id.length).toBeGreaterThan(0);
    }
    expect(alice.shares.SECP256K1.share).not.toBe(bob.shares.SECP256K1.share);
  });

  it("puts the wallets and their addresses in the client read", async () => {
    const read = await up.admin.clients.retrieve(alice.id);
    expect(read.wallets.map((w) => w.curve).sort()).toEqual(["ED25519", "SECP256K1"]);
    for (const wallet of read.wallets) {
      expect(wallet.signingSharePairs.map((p) => p.id)).toContain(alice.shares[wallet.curve].id);
      expect(wallet.backupSharePairs).toEqual([]);
    }
    const ns = read.metadata.namespaces;
    // The EVM address is the key's own: derived here from the wallet's public key.
    expect(ns.eip155).toMatchObject({ curve: "SECP256K1", address: publicKeyToAddress(await secpPublicKey(alice.id)) });
    // The Solana address is the base58 of the ED25519 public key.
    expect(ns.solana).toMatchObject({ curve: "ED25519", address: base58Encode(await edPublicKey(alice.id)) });
    expect(ns.bip122?.bitcoin?.p2wpkh?.mainnet).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(ns.bip122?.bitcoin?.p2wpkh?.testnet).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
  });

  it("authenticates with a client session token as well as the client API key", async () => {
    const created = await up.admin.clients.create({});
    const viaCreationToken = up.mpc(created.clientSessionToken);
    const shares = await viaCreationToken.generate();
    const sessions = new SessionTokenCache(
      async (clientId) => (await up.admin.clients.createSession(clientId)).clientSessionToken,
    );
    const viaMintedToken = up.mpc(sessions.bearerFor(created.id));
    const read = await up.admin.clients.retrieve(created.id);
    const address = read.metadata.namespaces.eip155?.address as Address;
    const signature = (
      await viaMintedToken.sign({
        method: "personal_sign",
        params: JSON.stringify(["via a session token", address]),
        share: shares.SECP256K1.share,
        chainId: SEPOLIA,
        to: address,
        rpcUrl: up.rpcUrl(SEPOLIA),
      })
    ).data as Hex;
    expect(await recoverMessageAddress({ message: "via a session token", signature })).toBe(getAddress(address));
  });

  it("accepts a generate without any body (the spec: empty allowed)", async () => {
    const created = await up.admin.clients.create({});
    const bare = { ...endpoints.mpcGenerate, body: undefined } satisfies Endpoint;
    const shares = await up.mpc(created.clientApiKey).call(bare);
    expect(shares.SECP256K1.share.length).toBeGreaterThan(0);
    expect((await up.admin.clients.retrieve(created.id)).wallets).toHaveLength(2);
  });

  it.skipIf(!SANDBOX)("refuses a second generate for the same client (sandbox: STATE_INVALID)", async () => {
    const error = await badRequest(alice.mpc.generate());
    expect(error.code).toBe("STATE_INVALID");
  });
});

describe.skipIf(!DESTRUCTIVE)("POST /v1/sign", () => {
  it("personal_sign: a signature that recovers to the wallet's address (viem)", async () => {
    for (const message of ["Custodian Console conformance", stringToHex("hex bytes message")]) {
      const { data } = await alice.mpc.sign(signBody(alice, "personal_sign", [message, alice.address]));
      const signature = data as Hex;
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
      const recovered = await recoverMessageAddress({
        message: message.startsWith("0x") ? { raw: message as Hex } : message,
        signature,
      });
      expect(recovered).toBe(getAddress(alice.address));
    }
  });

  it("eth_signTypedData_v4: a signature that recovers to the wallet's address (viem)", async () => {
    const typedData = {
      domain: {
        name: "Custodian Console",
        version: "1",
        chainId: 11155111,
        verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" as Address,
      },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Transfer: [
          { name: "to", type: "address" },
          { name: "amount", type: "uint256" },
          { name: "memo", type: "string" },
        ],
      } as const,
      primaryType: "Transfer" as const,
      message: { to: bob.address, amount: "1500000", memo: "conformance" },
    };
    const { data } = await alice.mpc.sign(
      signBody(alice, "eth_signTypedData_v4", [alice.address, JSON.stringify(typedData)]),
    );
    const recovered = await recoverTypedDataAddress({
      ...typedData,
      domain: { ...typedData.domain, chainId: 11155111n },
      message: { ...typedData.message, amount: 1_500_000n },
      signature: data as Hex,
    });
    expect(recovered).toBe(getAddress(alice.address));
  });

  it("eth_signTransaction: a signed EIP-1559 transaction for the chain, from the wallet (viem)", async () => {
    const to = stranger();
    const { data } = await alice.mpc.sign(
      signBody(alice, "eth_signTransaction", [{ from: alice.address, to, value: "0x2386f26fc10000", data: "0x" }]),
    );
    const raw = data as Hex;
    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({ type: "eip1559", chainId: 11155111, to: to.toLowerCase(), value: parseEther("0.01") });
    expect(tx.gas).toBeGreaterThanOrEqual(21_000n);
    expect(
      await recoverTransactionAddress({
        serializedTransaction: raw as Parameters<typeof recoverTransactionAddress>[0]["serializedTransaction"],
      }),
    ).toBe(getAddress(alice.address));
  });

  it.skipIf(!FUNDED)(
    "eth_sendTransaction: broadcasts, and the recipient's balance moves (read through the assets endpoint)",
    async () => {
      const before = await balances(bob.id);
      const senderBefore = await balances(alice.id);
      const value = parseEther("0.5");
      const { data } = await alice.mpc.sign(
        signBody(
          alice,
          "eth_sendTransaction",
          [{ from: alice.address, to: bob.address, value: `0x${value.toString(16)}` }],
          { to: bob.address },
        ),
      );
      const hash = data as Hex;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      const receipt = await receiptOf(hash);
      expect(receipt.status).toBe("success");
      expect(getAddress(receipt.from)).toBe(getAddress(alice.address));
      expect((await balances(bob.id)).native).toBe(before.native + value);
      expect((await balances(alice.id)).native).toBe(
        senderBefore.native - value - receipt.gasUsed * receipt.effectiveGasPrice,
      );
    },
  );

  it("refuses a share of another client with 400", async () => {
    const error = await badRequest(
      alice.mpc.sign(
        signBody(alice, "personal_sign", ["not mine", bob.address], { share: bob.shares.SECP256K1.share }),
      ),
    );
    if (SANDBOX) expect(error.code).toBe("SIGN_SHARE_MISMATCH");
  });

  it("refuses an unsupported method and a malformed share with 400", async () => {
    const unsupported = await badRequest(alice.mpc.sign(signBody(alice, "eth_doSomethingElse", ["x"])));
    if (SANDBOX) expect(unsupported.code).toBe("METHOD_UNSUPPORTED");
    const garbled = await badRequest(
      alice.mpc.sign(signBody(alice, "personal_sign", ["x"], { share: "bm90LWEtc2hhcmU=" })),
    );
    if (SANDBOX) expect(garbled.code).toBe("SHARE_PARSING_FAILED");
  });

  it("refuses input that breaks the contract (no rpcUrl, chainId not CAIP-2) with 400", async () => {
    const { rpcUrl: _omitted, ...noRpcUrl } = signBody(alice, "personal_sign", ["x"]);
    await badRequest(alice.mpc.sign(noRpcUrl as SignBody, { validateInput: false }), /rpcUrl/);
    await badRequest(
      alice.mpc.sign(signBody(alice, "personal_sign", ["x"], { chainId: "sepolia" }), { validateInput: false }),
      /chainId/,
    );
  });

  it("sol_signMessage: an ED25519 signature by the Solana address (@noble/curves)", async () => {
    const message = "Custodian Console on Solana";
    const { data } = await alice.mpc.sign({
      method: "sol_signMessage",
      params: JSON.stringify([message]),
      share: alice.shares.ED25519.share,
      chainId: SOLANA_DEVNET,
      to: alice.address,
      rpcUrl: "https://api.devnet.solana.com",
    });
    const publicKey = await edPublicKey(alice.id);
    expect(ed25519.verify(base58Decode(data), new TextEncoder().encode(message), publicKey)).toBe(true);
  });

  it("sol_signAndSendTransaction: signs a transaction from build-transaction; the signature is its id (@noble/curves)", async () => {
    const to = base58Encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    const built = await up.admin.clients.buildTransaction(alice.id, "solana-devnet", {
      to,
      token: "SOL",
      amount: "0.1",
    });
    const transaction = built.transaction as string;
    const { data } = await alice.mpc.sign({
      method: "sol_signAndSendTransaction",
      params: JSON.stringify([transaction]),
      share: alice.shares.ED25519.share,
      chainId: SOLANA_DEVNET,
      to,
      rpcUrl: "https://api.devnet.solana.com",
    });
    // A legacy transaction with one signature slot: the signed message is everything after it.
    const message = Buffer.from(transaction, "base64").subarray(1 + 64);
    expect(ed25519.verify(base58Decode(data), message, await edPublicKey(alice.id))).toBe(true);
  });
});

describe.skipIf(!DESTRUCTIVE)("POST /v1/raw/sign/{curve}", () => {
  const digest = keccak256(toBytes("raw digest for conformance"));

  it("SECP256K1: r ‖ s ‖ v over the digest as given, verified against the wallet's public key (@noble/curves)", async () => {
    const { data } = await alice.mpc.rawSign("SECP256K1", {
      params: digest.slice(2),
      share: alice.shares.SECP256K1.share,
    });
    const signature = hexToBytes(data as Hex);
    expect(signature).toHaveLength(65);
    const publicKey = hexToBytes(await secpPublicKey(alice.id));
    expect(secp256k1.verify(signature.subarray(0, 64), hexToBytes(digest), publicKey, { prehash: false })).toBe(true);
    expect([27, 28]).toContain(signature[64]);
  });

  it("ED25519: a signature of the bytes, verified against the wallet's public key (@noble/curves)", async () => {
    const { data } = await alice.mpc.rawSign("ED25519", { params: digest.slice(2), share: alice.shares.ED25519.share });
    const signature = hexToBytes(data as Hex);
    expect(signature).toHaveLength(64);
    expect(ed25519.verify(signature, hexToBytes(digest), await edPublicKey(alice.id))).toBe(true);
  });

  it("refuses a share of another client, a digest with 0x or not hex, and the other curve's share with 400", async () => {
    const mismatch = await badRequest(
      alice.mpc.rawSign("SECP256K1", { params: digest.slice(2), share: bob.shares.SECP256K1.share }),
    );
    if (SANDBOX) expect(mismatch.code).toBe("SIGN_SHARE_MISMATCH");
    await badRequest(
      alice.mpc.rawSign("SECP256K1", { params: digest, share: alice.shares.SECP256K1.share }, { validateInput: false }),
      /params/,
    );
    await badRequest(
      alice.mpc.rawSign("SECP256K1", { params: "zz", share: alice.shares.SECP256K1.share }, { validateInput: false }),
      /params/,
    );
    await badRequest(alice.mpc.rawSign("ED25519", { params: digest.slice(2), share: alice.shares.SECP256K1.share }));
  });

  it.skipIf(!SANDBOX)("also reads the digest from `param`, the field name of the docs' table (sandbox)", async () => {
    const { data } = await alice.mpc.rawSign(
      "SECP256K1",
      { param: digest.slice(2), share: alice.shares.SECP256K1.share } as never,
      { validateInput: false },
    );
    const publicKey = hexToBytes(await secpPublicKey(alice.id));
    expect(
      secp256k1.verify(hexToBytes(data as Hex).subarray(0, 64), hexToBytes(digest), publicKey, { prehash: false }),
    ).toBe(true);
  });

  it.skipIf(!SANDBOX)("refuses a SECP256K1 digest that is not 32 bytes (sandbox)", async () => {
    await badRequest(
      alice.mpc.rawSign("SECP256K1", { params: "abcd", share: alice.shares.SECP256K1.share }),
      /32-byte digest/,
    );
  });
});

describe.skipIf(!DESTRUCTIVE)("POST /v1/assets/send", () => {
  it.skipIf(!FUNDED)("sends an ERC-20 (USDC): both balances move by the raw amount", async () => {
    const [fromBefore, toBefore] = await Promise.all([balances(alice.id), balances(bob.id)]);
    const sent = await alice.mpc.assetsSend(sendBody(alice, { to: bob.address, token: "USDC", amount: "25.5" }));
    expect(sent.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent.metadata).toMatchObject({
      rawAmount: "25500000",
      tokenDecimals: 6,
      tokenAddress: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    expect((await receiptOf(sent.transactionHash as Hex)).status).toBe("success");
    const [fromAfter, toAfter] = await Promise.all([balances(alice.id), balances(bob.id)]);
    expect(toAfter.token("USDC")).toBe(toBefore.token("USDC") + parseUnits("25.5", 6));
    expect(fromAfter.token("USDC")).toBe(fromBefore.token("USDC") - parseUnits("25.5", 6));
  });

  it.skipIf(!FUNDED)("sends the native coin (NATIVE), and a token by contract address", async () => {
    const before = await balances(bob.id);
    const native = await alice.mpc.assetsSend(sendBody(alice, { to: bob.address, token: "NATIVE", amount: "0.25" }));
    expect(native.metadata).toMatchObject({
      rawAmount: parseEther("0.25").toString(),
      tokenDecimals: 18,
      tokenAddress: null,
    });
    const usdt = (await up.admin.clients.assets(alice.id, "sepolia")).tokenBalances.find((t) => t.symbol === "USDT");
    const byAddress = await alice.mpc.assetsSend(
      sendBody(alice, { to: bob.address, token: usdt?.metadata.tokenAddress ?? "", amount: "3" }),
    );
    await Promise.all([receiptOf(native.transactionHash as Hex), receiptOf(byAddress.transactionHash as Hex)]);
    const after = await balances(bob.id);
    expect(after.native).toBe(before.native + parseEther("0.25"));
    expect(after.token("USDT")).toBe(before.token("USDT") + 3_000_000n);
  });

  it.skipIf(!FUNDED)("refuses a nonce already used with 400, and takes the next free one when given", async () => {
    const chain = up.chain(SEPOLIA);
    // Make sure the wallet has sent at least once, so nonce 0x00 is taken.
    await receiptOf(
      (await alice.mpc.assetsSend(sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001" })))
        .transactionHash as Hex,
    );
    const next = await chain.getTransactionCount({ address: alice.address, blockTag: "pending" });
    const reused = await badRequest(
      alice.mpc.assetsSend(
        sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001", nonce: nonceHex(next - 1) }),
      ),
    );
    if (SANDBOX) expect(reused.code).toBe("RPC_OP_FAILED");
    await badRequest(
      alice.mpc.assetsSend(sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001", nonce: "0x00" })),
    );
    const explicit = await alice.mpc.assetsSend(
      sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001", nonce: nonceHex(next) }),
    );
    const tx = await chain.getTransaction({ hash: explicit.transactionHash as Hex });
    expect(tx.nonce).toBe(next);
  });

  it.skipIf(!FUNDED)("lets only one of two quick sends with the same nonce through; the other is 400", async () => {
    const next = await up.chain(SEPOLIA).getTransactionCount({ address: alice.address, blockTag: "pending" });
    const both = await Promise.allSettled(
      [0, 1].map(() =>
        alice.mpc.assetsSend(
          sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001", nonce: nonceHex(next) }),
        ),
      ),
    );
    const sent = both.filter((r) => r.status === "fulfilled");
    const refused = both.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(sent).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reason).toBeInstanceOf(BadRequestError);
  });

  it.skipIf(!FUNDED)("gives concurrent sends without a nonce distinct nonces, and all succeed", async () => {
    const chain = up.chain(SEPOLIA);
    const start = await chain.getTransactionCount({ address: bob.address, blockTag: "pending" });
    const sends = await Promise.all(
      Array.from({ length: 6 }, () =>
        bob.mpc.assetsSend(sendBody(bob, { to: stranger(), token: "NATIVE", amount: "0.0001" })),
      ),
    );
    const hashes = sends.map((s) => s.transactionHash as Hex);
    expect(new Set(hashes).size).toBe(6);
    const receipts = await Promise.all(hashes.map(receiptOf));
    expect(receipts.every((r) => r.status === "success")).toBe(true);
    const nonces = await Promise.all(hashes.map(async (hash) => (await chain.getTransaction({ hash })).nonce));
    expect([...nonces].sort((a, b) => a - b)).toEqual(Array.from({ length: 6 }, (_, i) => start + i));
  });

  it("refuses a share of another client with 400", async () => {
    const error = await badRequest(
      alice.mpc.assetsSend(
        sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001", share: bob.shares.SECP256K1.share }),
      ),
    );
    if (SANDBOX) expect(error.code).toBe("SIGN_SHARE_MISMATCH");
  });

  it.each([
    ["a zero amount", { amount: "0" }, /amount/],
    ["a negative amount", { amount: "-1" }, /amount/],
    ["an amount finer than the token (USDC has 6 decimals)", { token: "USDC", amount: "0.0000001" }, /decimal/],
    ["an unknown token", { token: "NOPE" }, /token|NOPE/],
    ["a recipient that is not an address", { to: "0x1234" }, /to|address/],
    ["no rpcUrl on an EVM chain", { rpcUrl: undefined }, /rpcUrl/],
    ["an unknown chain", { chain: "no-such-chain" }, /chain/],
    ["a nonce that is not hex", { nonce: "7" }, /nonce/],
  ] as const)("refuses %s with 400", async (_label, change, message) => {
    const body = { ...sendBody(alice, { to: stranger(), token: "NATIVE", amount: "0.001" }), ...change };
    await badRequest(alice.mpc.assetsSend(body as AssetsSendBody, { validateInput: false }), message);
  });

  it.skipIf(!SANDBOX)("simulates a Solana send with a base58 signature as the transaction hash (sandbox)", async () => {
    const to = base58Encode(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));
    const sent = await alice.mpc.assetsSend({
      share: alice.shares.ED25519.share,
      chain: "solana-devnet",
      to,
      token: "NATIVE",
      amount: "0.5",
    });
    expect(base58Decode(sent.transactionHash)).toHaveLength(64);
  });
});

describe.skipIf(!DESTRUCTIVE)("POST /v1/backup and /v1/recover", () => {
  it("backs up (generateResponse) and recovers (backupResponse) to new shares of the same wallets and addresses", async () => {
    const carol = await createWalletClient(up);
    const before = await up.admin.clients.retrieve(carol.id);

    const backup: CurveShares = await carol.mpc.backup({ generateResponse: JSON.stringify(carol.shares) });
    for (const curve of ["SECP256K1", "ED25519"] as const)
      expect(backup[curve].share).not.toBe(carol.shares[curve].share);
    const backedUp = await up.admin.clients.retrieve(carol.id);
    for (const wallet of backedUp.wallets)
      expect(wallet.backupSharePairs.map((p) => p.id)).toContain(backup[wallet.curve].id);

    const recovered = await carol.mpc.recover({ backupResponse: JSON.stringify(backup) });
    for (const curve of ["SECP256K1", "ED25519"] as const) {
      expect(recovered[curve].share).not.toBe(carol.shares[curve].share);
      expect(recovered[curve].id).not.toBe(carol.shares[curve].id);
    }
    const after = await up.admin.clients.retrieve(carol.id);
    expect(after.metadata.namespaces).toEqual(before.metadata.namespaces);
    expect(after.wallets.map((w) => [w.id, w.curve, w.publicKey])).toEqual(
      before.wallets.map((w) => [w.id, w.curve, w.publicKey]),
    );
    for (const wallet of after.wallets)
      expect(wallet.signingSharePairs.map((p) => p.id)).toContain(recovered[wallet.curve].id);

    // The recovered share signs for the same address.
    const { data } = await carol.mpc.sign({
      ...signBody(carol, "personal_sign", ["after recovery", carol.address]),
      share: recovered.SECP256K1.share,
    });
    expect(await recoverMessageAddress({ message: "after recovery", signature: data as Hex })).toBe(
      getAddress(carol.address),
    );

    if (SANDBOX) {
      // The sandbox retires the signing shares a recovery replaced.
      const retired = await badRequest(carol.mpc.sign(signBody(carol, "personal_sign", ["old share"])));
      expect(retired.code).toBe("SIGN_SHARE_MISMATCH");
    }
  });

  it("accepts the responses as objects too, and refuses another client's backup with 400", async () => {
    const dave = await createWalletClient(up);
    const backup = await dave.mpc.backup({ generateResponse: dave.shares });
    await badRequest(alice.mpc.recover({ backupResponse: backup }));
    await badRequest(alice.mpc.backup({ generateResponse: dave.shares }));
  });

  it("refuses a body without generateResponse / backupResponse with 400", async () => {
    await badRequest(alice.mpc.backup({} as never, { validateInput: false }), /generateResponse/);
    await badRequest(alice.mpc.recover({ backupResponse: "not json" }, { validateInput: false }), /backupResponse/);
  });
});

describe("authentication of the MPC service", () => {
  it("answers a wrong client credential and the custodian key with 401", async () => {
    const wrong = up.mpc("not-a-client-key");
    await rejection(wrong.generate(), UnauthorizedError, 401);
    await rejection(
      up.mpc(up.custodianKey).rawSign("SECP256K1", { params: "00".repeat(32), share: "x" }),
      UnauthorizedError,
      401,
    );
  });
});
