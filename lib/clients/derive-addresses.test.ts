import { secp256k1 } from "@noble/curves/secp256k1.js";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { clientFixture } from "@/testing/contracts/fixtures";
import { clientSchema } from "../contracts";
import { sendingAddress } from "./addresses";
import { clientView } from "./derive-addresses";

// A key whose EVM address viem computes from the private key alone (keccak of the public point).
const PRIVATE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318" as const;
const point = secp256k1.Point.fromHex(
  Buffer.from(secp256k1.getPublicKey(Buffer.from(PRIVATE_KEY.slice(2), "hex"), false)).toString("hex"),
);
const [secp, ed] = clientFixture.wallets;
// The shared client fixture, with a SECP256K1 key viem can check and an ED25519 key that is not one.
const record = (isAccountAbstracted: boolean) =>
  clientSchema.parse({
    ...clientFixture,
    isAccountAbstracted,
    wallets: [
      { ...secp, id: "wa_secp", publicKey: JSON.stringify({ X: point.x.toString(), Y: point.y.toString() }) },
      { ...ed, id: "wa_bad", publicKey: '{"X":"not hex"}' },
    ],
  });
const evm = clientFixture.metadata.namespaces.eip155.address;
const testnet = clientFixture.metadata.namespaces.bip122.bitcoin.p2wpkh.testnet;

describe("the client's view (what the server reads out of the record for the page)", () => {
  it("derives the owner key of a smart account as viem derives it from the private key", () => {
    const view = clientView(record(true));
    const owner = view.derived.addresses.find((a) => a.role === "owner");
    expect(owner?.address).toBe(privateKeyToAccount(PRIVATE_KEY).address);
    expect(view.derived.addresses.find((a) => a.role === "smart-account")?.address).toBe(evm);
    // The owner key signs; the smart account sends.
    expect(sendingAddress(view.derived.addresses, "eip155", false)?.role).toBe("smart-account");
  });

  it("reads every wallet's key by its id, and says why one cannot be read", () => {
    const view = clientView(record(false));
    expect(view.derived.publicKeys.wa_secp).toMatchObject({ ok: true, hex: point.toHex(true) });
    expect(view.derived.publicKeys.wa_bad).toEqual({ ok: false, reason: "expected 32 bytes of hex" });
    expect(view.derived.addresses.map((a) => a.label)).toEqual([
      "EVM",
      "Bitcoin (mainnet)",
      "Bitcoin (testnet)",
      "Tron",
      "Solana",
      "Stellar",
    ]);
    expect(sendingAddress(view.derived.addresses, "bip122", true)?.address).toBe(testnet);
    // The upstream's record is there unchanged beside it.
    expect(view.wallets).toEqual(record(false).wallets);
  });
});
