/**
 * Seeded clients on the sandbox as `npm run sandbox` composes it (start.ts), over HTTP with the
 * custodian key: what the client read says about backups is what ejection finds; ejected shares
 * rebuild the wallet's key; account-abstracted clients hold the smart account the factory computes
 * on chain for their owner.
 *
 * The expectations come from outside the code under test: the wallet's public key in the client read
 * (checked with @noble and viem), the factory contract's own getAddress, and the console contracts.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { numberToBytesBE } from "@noble/curves/utils.js";
import { base58 } from "@scure/base";
import { type Hex, bytesToHex, encodeFunctionData, getAddress, parseAbi } from "viem";
import { privateKeyToAddress, publicKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ejectableBackupSharesResponseSchema,
  enableEjectResponseSchema,
  listClientsResponseSchema,
  type Client,
} from "@/lib/contracts";
import { ACCOUNT_FACTORY } from "../aa/addresses";
import { NOT_BACKED_UP_MESSAGE, NOT_EJECTABLE_MESSAGE } from "../admin/eject";
import { SANDBOX_SEED } from "../app";
import { loadSandboxEnv } from "../env";
import { startSandbox, type StartedSandbox } from "../start";
import { seededClientPositions } from "./backup-plan";
import { seedClients } from "./clients";

const KEY = "seeded-wallets-custodian-key";
const COUNT = 40;
const ANCHOR_MS = Date.UTC(2026, 0, 1);
const SEPOLIA = 11155111;
const factoryAbi = parseAbi(["function getAddress(address owner, uint256 salt) view returns (address)"]);

let sb: StartedSandbox;
let clients: Client[];

const admin = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const enableEject = (clientId: string, walletId: string) =>
  admin(`/api/v3/custodians/me/clients/${clientId}/enable-eject`, {
    method: "PATCH",
    body: JSON.stringify({ walletId }),
  });
const ejectableShares = (clientId: string, walletId: string) =>
  admin(`/api/v3/custodians/me/clients/${clientId}/wallets/${walletId}/ejectable-backup-shares`);
const hasCompletedBackup = (wallet: Client["wallets"][number]) =>
  wallet.backupSharePairs.some((p) => p.status === "completed");

beforeAll(async () => {
  sb = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: KEY,
      SANDBOX_SEED_CLIENTS: String(COUNT),
      SANDBOX_SEED_EVENTS: "10",
    }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    anchorMs: ANCHOR_MS,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const list = await admin(`/api/v3/custodians/me/clients?take=${COUNT}`);
  clients = listClientsResponseSchema.parse(list.body).results;
}, 60_000);
afterAll(() => sb.close());

describe("seeded backups", () => {
  it("a client with a completed backup: enable-eject, then ejectable-backup-shares gives shares that rebuild each key", async () => {
    const position = seededClientPositions("completed", { count: COUNT }).find((p) => !clients[p]?.isAccountAbstracted);
    const client = clients[position as number] as Client;
    const clientKeys = seedClients({ count: COUNT, seed: SANDBOX_SEED, anchorMs: ANCHOR_MS }).keys;
    expect(client.wallets).toHaveLength(2);

    for (const wallet of client.wallets) {
      expect(wallet.backupSharePairs.map((p) => p.status)).toEqual(["completed"]);
      const enabled = await enableEject(client.id, wallet.id);
      expect(enabled.status).toBe(200);
      enableEjectResponseSchema.parse(enabled.body);

      const read = await ejectableShares(client.id, wallet.id);
      expect(read.status).toBe(200);
      const shares = ejectableBackupSharesResponseSchema.parse(read.body);
      const custodian = JSON.parse(shares.custodianBackupShare) as { backupSharePairId: string; share: string };
      expect(custodian).toMatchObject({ backupSharePairId: wallet.backupSharePairs[0]?.id, clientId: client.id });

      // The custodian share joined with the client's own backup share (kept by the seed, as a real
      // client keeps it) is the wallet's key: the key of the public key and addresses the read shows.
      const clientShare = clientKeys.clientBackupShare(wallet.id) as bigint;
      const publicKey = JSON.parse(wallet.publicKey) as { X: string; Y?: string };
      if (wallet.curve === "SECP256K1") {
        const key = numberToBytesBE((clientShare + BigInt(custodian.share)) % secp256k1.Point.Fn.ORDER, 32);
        const point = secp256k1.Point.fromBytes(secp256k1.getPublicKey(key, false)).toAffine();
        expect({ X: point.x.toString(10), Y: point.y.toString(10) }).toEqual(publicKey);
        expect(privateKeyToAddress(bytesToHex(key))).toBe(client.metadata.namespaces.eip155?.address);
      } else {
        const seed = numberToBytesBE(clientShare ^ BigInt(custodian.share), 32);
        expect(Buffer.from(ed25519.getPublicKey(seed)).toString("hex")).toBe(publicKey.X);
        expect(base58.encode(ed25519.getPublicKey(seed))).toBe(client.metadata.namespaces.solana?.address);
      }

      // One enable gives one read.
      expect(await ejectableShares(client.id, wallet.id)).toEqual({
        status: 400,
        body: { error: NOT_EJECTABLE_MESSAGE },
      });
    }
  });

  it("a client without a backup reads with no completed pair, and enable-eject answers 400 with a sentence", async () => {
    const client = clients[seededClientPositions("none", { count: COUNT })[0] as number] as Client;
    for (const wallet of client.wallets) {
      expect(wallet.backupSharePairs).toEqual([]);
      expect(await enableEject(client.id, wallet.id)).toEqual({ status: 400, body: { error: NOT_BACKED_UP_MESSAGE } });
    }
  });

  it("the client read and enable-eject agree on every seeded wallet", async () => {
    const states = { ejectable: 0, notEjectable: 0 };
    for (const client of clients)
      for (const wallet of client.wallets) {
        const { status } = await enableEject(client.id, wallet.id);
        expect(status, `${client.id}/${wallet.id}`).toBe(hasCompletedBackup(wallet) ? 200 : 400);
        states[status === 200 ? "ejectable" : "notEjectable"]++;
      }
    // Both kinds exist, and a client's two wallets share one backup (as /v1/backup makes them).
    expect(states.ejectable).toBeGreaterThan(0);
    expect(states.notEjectable).toBeGreaterThan(0);
    for (const client of clients) expect(new Set(client.wallets.map(hasCompletedBackup)).size, client.id).toBe(1);
  });

  it("a seeded client already has its wallets: /v1/generate refuses to replace them", async () => {
    const client = clients[0] as Client;
    const session = await admin(`/api/v3/custodians/me/clients/${client.id}/sessions`, { method: "POST" });
    const token = (session.body as { clientSessionToken: string }).clientSessionToken;
    const res = await fetch(`${sb.mpcUrl}/v1/generate`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { id: string }).id).toBe("STATE_INVALID");
  });
});

describe("seeded account-abstracted clients", () => {
  it("hold the smart account the factory's getAddress gives their owner on the local chain", async () => {
    const abstracted = clients.filter((c) => c.isAccountAbstracted);
    expect(abstracted.length).toBeGreaterThan(0);
    for (const client of abstracted) {
      const secp = client.wallets.find((w) => w.curve === "SECP256K1");
      const { X, Y } = JSON.parse(secp?.publicKey ?? "{}") as { X: string; Y: string };
      const owner = publicKeyToAddress(
        `0x04${BigInt(X).toString(16).padStart(64, "0")}${BigInt(Y).toString(16).padStart(64, "0")}` as Hex,
      );
      const data = encodeFunctionData({ abi: factoryAbi, functionName: "getAddress", args: [owner, 0n] });
      const result = (await sb.chains.request(SEPOLIA, "eth_call", [{ to: ACCOUNT_FACTORY, data }, "latest"])) as Hex;
      const onChain = getAddress(`0x${result.slice(26)}`);
      expect(client.metadata.namespaces.eip155?.address).toBe(onChain);
      expect(onChain).not.toBe(owner);
    }
  }, 60_000);
});
