import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base58 } from "@scure/base";
import {
  type Hex,
  hexToBytes,
  keccak256,
  parseEther,
  parseTransaction,
  recoverMessageAddress,
  recoverPublicKey,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  toHex,
} from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MpcHarness, SEPOLIA_RPC, createMpcHarness } from "@/testing/mpc/harness";
import type { ClientRecord } from "../types";
import { combine } from "./key-shares";
import { KeyStore } from "./key-store";
import { decodeShare } from "./share-blob";

type Shares = { SECP256K1: { share: string; id: string }; ED25519: { share: string; id: string } };

const dataDir = mkdtempSync(join(tmpdir(), "sandbox-mpc-"));
let h: MpcHarness;
let alice: { client: ClientRecord; apiKey: string; sessionToken: string };
let aliceShares: Shares;
let bob: { client: ClientRecord; apiKey: string };
let bobShares: Shares;

const evmAddress = () => alice.client.namespaces.eip155?.address as Hex;
const sign = (body: Record<string, unknown>, token = alice.apiKey) =>
  h.call(
    "/v1/sign",
    { chainId: "eip155:11155111", rpcUrl: SEPOLIA_RPC, to: evmAddress(), share: aliceShares.SECP256K1.share, ...body },
    token,
  );

beforeAll(async () => {
  h = await createMpcHarness({ dataDir });
  alice = h.directory.addClient();
  bob = h.directory.addClient();
  const a = await h.call("/v1/generate", {}, alice.apiKey);
  expect(a.status).toBe(200);
  aliceShares = a.body as Shares;
  bobShares = (await h.call("/v1/generate", "", bob.apiKey)).body as Shares;
});

afterAll(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /v1/generate", () => {
  it("returns an opaque base64 share and the signing share pair id per curve", () => {
    for (const curve of ["SECP256K1", "ED25519"] as const) {
      const { share, id } = aliceShares[curve];
      expect(share).toMatch(/^eyJ/);
      expect(id).toMatch(/^c[0-9a-z]{24}$/);
      const blob = decodeShare(share);
      expect(blob).toMatchObject({ clientId: alice.client.id, signingSharePairId: id, backupSharePairId: "", curve });
    }
  });

  it("records wallets whose public keys derive the recorded addresses", () => {
    const { wallets, namespaces } = alice.client;
    expect(wallets.map((w) => w.curve)).toEqual(["SECP256K1", "ED25519"]);
    expect(wallets[0]?.signingSharePairs[0]?.id).toBe(aliceShares.SECP256K1.id);
    const secp = JSON.parse(wallets[0]?.publicKey ?? "") as { X: string; Y: string };
    const uncompressed =
      `0x04${BigInt(secp.X).toString(16).padStart(64, "0")}${BigInt(secp.Y).toString(16).padStart(64, "0")}` as Hex;
    expect(namespaces.eip155).toEqual({ address: publicKeyToAddress(uncompressed), curve: "SECP256K1" });
    const ed = JSON.parse(wallets[1]?.publicKey ?? "") as { X: string };
    expect(namespaces.solana).toEqual({ address: base58.encode(hexToBytes(`0x${ed.X}`)), curve: "ED25519" });
    expect(namespaces.bip122?.bitcoin.p2wpkh.mainnet).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(namespaces.bip122?.bitcoin.p2wpkh.testnet).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(namespaces.tron?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(namespaces.stellar?.address).toMatch(/^G[A-Z2-7]{55}$/);
  });

  it("funds the new EVM address from the faucet", async () => {
    expect(await h.chains.nativeBalance(11155111, evmAddress())).toBe(parseEther("10"));
    expect(await h.chains.nativeBalance(84532, evmAddress())).toBe(parseEther("10"));
  });

  it("refuses a second generate for the same client", async () => {
    const res = await h.call("/v1/generate", {}, alice.sessionToken);
    expect(res).toEqual({ status: 400, body: { id: "STATE_INVALID", message: expect.any(String) } });
  });
});

describe("authentication and errors", () => {
  it("answers 401 with a bare JSON string", async () => {
    expect(await h.call("/v1/generate", {})).toEqual({ status: 401, body: "Authorization header is missing" });
    const res = await h.app.request("/v1/generate", { method: "POST", headers: { authorization: "Basic abc" } });
    expect([res.status, await res.json()]).toEqual([401, "Incorrect API key format"]);
    expect((await h.call("/v1/generate", {}, "not-a-key")).status).toBe(401);
  });

  it("answers 400 { id, message } for a malformed body or missing fields", async () => {
    expect(await h.call("/v1/sign", "{oops", alice.apiKey)).toEqual({
      status: 400,
      body: { id: "BAD_REQUEST", message: expect.stringContaining("parse") },
    });
    const missing = await h.call("/v1/sign", { method: "personal_sign" }, alice.apiKey);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ id: "BAD_REQUEST", message: expect.stringContaining("share") });
    expect((await sign({ chainId: "sepolia" })).body).toMatchObject({ id: "BAD_REQUEST" });
    expect((await sign({ method: "eth_frobnicate", params: "[]" })).body).toMatchObject({ id: "METHOD_UNSUPPORTED" });
  });

  it("refuses a share of another client, a malformed share and a share of the wrong curve", async () => {
    const foreign = await sign({ method: "personal_sign", params: '["hi"]', share: bobShares.SECP256K1.share });
    expect(foreign).toEqual({ status: 400, body: { id: "SIGN_SHARE_MISMATCH", message: expect.any(String) } });
    const malformed = await sign({ method: "personal_sign", params: '["hi"]', share: "bm90IGEgc2hhcmU=" });
    expect(malformed.body).toMatchObject({ id: "SHARE_PARSING_FAILED" });
    const wrongCurve = await sign({ method: "personal_sign", params: '["hi"]', share: aliceShares.ED25519.share });
    expect(wrongCurve.body).toMatchObject({ id: "SIGN_SHARE_MISMATCH" });
    // A share edited to claim another client's pair still fails: the joined key must match the wallet.
    const { value, ...blob } = decodeShare(aliceShares.SECP256K1.share) ?? { value: 0n };
    const forged = Buffer.from(JSON.stringify({ ...blob, share: (value + 1n).toString() })).toString("base64");
    expect((await sign({ method: "personal_sign", params: '["hi"]', share: forged })).body).toMatchObject({
      id: "SIGN_SHARE_MISMATCH",
    });
  });
});

describe("POST /v1/sign (messages and signed transactions)", () => {
  it("personal_sign: EIP-191 signatures that recover to the wallet address", async () => {
    for (const [params, message] of [
      ['["hello sandbox"]', "hello sandbox"],
      [JSON.stringify([toHex("raw bytes"), evmAddress()]), { raw: toHex("raw bytes") }],
      [JSON.stringify([evmAddress(), "legacy order"]), "legacy order"],
    ] as const) {
      const res = await sign({ method: "personal_sign", params });
      expect(res.status).toBe(200);
      const signature = (res.body as { data: Hex }).data;
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
      expect(await recoverMessageAddress({ message, signature })).toBe(evmAddress());
    }
  });

  it("eth_signTypedData_v4: recovers to the wallet address", async () => {
    const typedData = {
      domain: {
        name: "Sandbox",
        version: "1",
        chainId: 11155111,
        verifyingContract: "0x0000000000000000000000000000000000000001",
      },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Mail: [
          { name: "to", type: "address" },
          { name: "contents", type: "string" },
        ],
      },
      primaryType: "Mail",
      message: { to: "0x0000000000000000000000000000000000000002", contents: "hi" },
    } as const;
    const res = await sign({
      method: "eth_signTypedData_v4",
      params: JSON.stringify([evmAddress(), JSON.stringify(typedData)]),
    });
    expect(res.status).toBe(200);
    const signature = (res.body as { data: Hex }).data;
    // Recovered with viem's own domain types: the EIP712Domain the caller listed must not change the hash.
    const { EIP712Domain: _domainTypes, ...types } = typedData.types;
    expect(
      await recoverTypedDataAddress({
        domain: typedData.domain,
        types,
        primaryType: "Mail",
        message: typedData.message,
        signature,
      }),
    ).toBe(evmAddress());
  });

  it("eth_signTransaction: a signed EIP-1559 transaction from the wallet, with nonce, gas and fees filled", async () => {
    const res = await sign({
      method: "eth_signTransaction",
      params: { to: "0x000000000000000000000000000000000000dEaD", value: "0x01", from: "", data: "" },
    });
    expect(res.status).toBe(200);
    const raw = (res.body as { data: Hex }).data;
    expect(await recoverTransactionAddress({ serializedTransaction: raw as `0x02${string}` })).toBe(evmAddress());
    const tx = parseTransaction(raw);
    expect(tx).toMatchObject({ type: "eip1559", chainId: 11155111, value: 1n, nonce: 0, gas: 21000n });
    expect(tx.maxFeePerGas).toBeGreaterThan(0n);
  });

  it("sol_signAndSendTransaction (simulated): a base58 ed25519 signature of the transaction message", async () => {
    const message = new Uint8Array([1, 0, 1, 3, ...new Array(60).fill(7)]);
    const tx = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), Buffer.from(message)]).toString("base64");
    const res = await h.call(
      "/v1/sign",
      {
        method: "sol_signAndSendTransaction",
        params: JSON.stringify([tx]),
        share: aliceShares.ED25519.share,
        chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
        to: "x",
        rpcUrl: "https://api.devnet.solana.com",
      },
      alice.apiKey,
    );
    expect(res.status).toBe(200);
    const signature = base58.decode((res.body as { data: string }).data);
    const publicKey = base58.decode(alice.client.namespaces.solana?.address ?? "");
    expect(ed25519.verify(signature, message, publicKey)).toBe(true);
  });
});

describe("POST /v1/raw/sign/{curve}", () => {
  it("SECP256K1: r ‖ s ‖ v over the digest as given, verifiable with noble", async () => {
    const digest = keccak256(toHex("raw digest"));
    const res = await h.call(
      "/v1/raw/sign/SECP256K1",
      { params: digest.slice(2), share: aliceShares.SECP256K1.share },
      alice.apiKey,
    );
    expect(res.status).toBe(200);
    const sig = hexToBytes((res.body as { data: Hex }).data);
    expect(sig).toHaveLength(65);
    expect([27, 28]).toContain(sig[64]);
    const secp = JSON.parse(alice.client.wallets[0]?.publicKey ?? "") as { X: string; Y: string };
    const publicKey = secp256k1.Point.fromAffine({ x: BigInt(secp.X), y: BigInt(secp.Y) }).toBytes(true);
    expect(secp256k1.verify(sig.subarray(0, 64), hexToBytes(digest), publicKey, { prehash: false })).toBe(true);
    expect(publicKeyToAddress(await recoverPublicKey({ hash: digest, signature: toHex(sig) }))).toBe(evmAddress());
  });

  it("ED25519: a 64-byte signature verifiable with noble; `param` is accepted as in the docs' table", async () => {
    const res = await h.call(
      "/v1/raw/sign/ED25519",
      { param: "7369676e2074686973", share: aliceShares.ED25519.share },
      alice.apiKey,
    );
    expect(res.status).toBe(200);
    const sig = hexToBytes((res.body as { data: Hex }).data);
    expect(sig).toHaveLength(64);
    expect(
      ed25519.verify(
        sig,
        hexToBytes("0x7369676e2074686973"),
        base58.decode(alice.client.namespaces.solana?.address ?? ""),
      ),
    ).toBe(true);
  });

  it("refuses a digest of the wrong size, a 0x prefix and an unknown curve", async () => {
    const share = aliceShares.SECP256K1.share;
    expect((await h.call("/v1/raw/sign/SECP256K1", { params: "abcd", share }, alice.apiKey)).status).toBe(400);
    expect(
      (await h.call("/v1/raw/sign/SECP256K1", { params: `0x${"ab".repeat(32)}`, share }, alice.apiKey)).status,
    ).toBe(400);
    expect((await h.call("/v1/raw/sign/P256", { params: "ab".repeat(32), share }, alice.apiKey)).status).toBe(400);
  });
});

describe("backup and recover", () => {
  it("backs up, recovers the same keys with new shares, and retires the old signing shares", async () => {
    expect(h.keyStore.ejectableBackupShares(bob.client.id, bob.client.wallets[0]?.id ?? "")).toBeUndefined();
    const backup = await h.call("/v1/backup", { generateResponse: JSON.stringify(bobShares) }, bob.apiKey);
    expect(backup.status).toBe(200);
    const backupShares = backup.body as Shares;
    expect(decodeShare(backupShares.SECP256K1.share)).toMatchObject({
      backupSharePairId: backupShares.SECP256K1.id,
      signingSharePairId: "",
    });
    expect(bob.client.wallets[0]?.backupSharePairs).toEqual([
      { id: backupShares.SECP256K1.id, createdAt: expect.any(String), status: "completed", backupMethod: "UNKNOWN" },
    ]);

    // Ejection: the custodian backup share and the client's backup share rebuild the private key.
    const walletId = bob.client.wallets[0]?.id ?? "";
    const ejectable = h.keyStore.ejectableBackupShares(bob.client.id, walletId);
    expect(ejectable?.encryptedClientBackupShare).toBeNull();
    const custodian = JSON.parse(ejectable?.custodianBackupShare ?? "{}") as {
      share: string;
      backupSharePairId: string;
    };
    expect(custodian.backupSharePairId).toBe(backupShares.SECP256K1.id);
    const key = combine(
      "SECP256K1",
      BigInt(custodian.share),
      BigInt(decodeShare(backupShares.SECP256K1.share)?.share ?? 0),
    );
    expect(publicKeyToAddress(toHex(secp256k1.getPublicKey(key as Uint8Array, false)))).toBe(
      bob.client.namespaces.eip155?.address,
    );

    const addresses = structuredClone(bob.client.namespaces);
    const recovered = await h.call("/v1/recover", { backupResponse: backupShares }, bob.apiKey);
    expect(recovered.status).toBe(200);
    const newShares = recovered.body as Shares;
    expect(newShares.SECP256K1.id).not.toBe(bobShares.SECP256K1.id);
    expect(bob.client.namespaces).toEqual(addresses);
    expect(bob.client.wallets[0]?.id).toBe(walletId);
    expect(bob.client.wallets[0]?.signingSharePairs.map((p) => p.id)).toEqual([
      bobShares.SECP256K1.id,
      newShares.SECP256K1.id,
    ]);

    const signWith = (share: string) =>
      h.call(
        "/v1/sign",
        {
          method: "personal_sign",
          params: '["after recovery"]',
          share,
          chainId: "eip155:1",
          to: "x",
          rpcUrl: SEPOLIA_RPC,
        },
        bob.apiKey,
      );
    const signed = await signWith(newShares.SECP256K1.share);
    expect(
      await recoverMessageAddress({ message: "after recovery", signature: (signed.body as { data: Hex }).data }),
    ).toBe(addresses.eip155?.address);
    expect((await signWith(bobShares.SECP256K1.share)).body).toMatchObject({ id: "SIGN_SHARE_MISMATCH" });
  });

  it("refuses another client's generate response and a backup response used as signing shares", async () => {
    expect((await h.call("/v1/backup", { generateResponse: aliceShares }, bob.apiKey)).body).toMatchObject({
      id: "SIGN_SHARE_MISMATCH",
    });
    expect((await h.call("/v1/recover", { backupResponse: aliceShares }, alice.apiKey)).body).toMatchObject({
      id: "SIGN_SHARE_MISMATCH",
    });
    expect((await h.call("/v1/backup", { generateResponse: "not json" }, alice.apiKey)).body).toMatchObject({
      id: "BAD_REQUEST",
    });
  });

  it("keeps the service's shares across a restart (key store under the data dir)", async () => {
    const reopened = new KeyStore(dataDir);
    expect(reopened.walletsOf(alice.client.id).map((w) => w.id)).toEqual(alice.client.wallets.map((w) => w.id));
    expect(reopened.ejectableBackupShares(bob.client.id, bob.client.wallets[0]?.id ?? "")).toBeDefined();
  });
});
