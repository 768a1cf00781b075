import { secp256k1 } from "@noble/curves/secp256k1.js";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { clientSchema } from "../contracts";
import { sendingAddress } from "./addresses";
import { clientView } from "./derive-addresses";

// A key whose EVM address viem computes from the private key alone (keccak of the public point).
const PRIVATE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318" as const;
const point = secp256k1.Point.fromHex(
  Buffer.from(secp256k1.getPublicKey(Buffer.from(PRIVATE_KEY.slice(2), "hex"), false)).toString("hex"),
);
const at = "2026-01-01T00:00:00.000Z";
const record = (isAccountAbstracted: boolean) =>
  clientSchema.parse({
    id: "cl_view",
    createdAt: at,
    custodian: { id: "cu_1", name: "Custodian" },
    environment: { id: "en_1", name: "Test" },
    ejectedAt: null,
    isAccountAbstracted,
    metadata: {
      namespaces: {
        eip155: { address: "0x00000000000000000000000000000000000000aa", curve: "SECP256K1" },
        solana: { address: "So1ana1111111111111111111111111111111111111", curve: "ED25519" },
        bip122: {
          address: "bc1qmain",
          curve: "SECP256K1",
          bitcoin: { p2wpkh: { mainnet: "bc1qmain", testnet: "tb1qtest" } },
        },
      },
    },
    wallets: [
      {
        id: "wa_secp",
        createdAt: at,
        curve: "SECP256K1",
        publicKey: JSON.stringify({ X: point.x.toString(), Y: point.y.toString() }),
        backupSharePairs: [],
        signingSharePairs: [],
      },
      {
        id: "wa_bad",
        createdAt: at,
        curve: "ED25519",
        publicKey: '{"X":"not hex"}',
        backupSharePairs: [],
        signingSharePairs: [],
      },
    ],
  });

describe("the client's view (what the server reads out of the record for the page)", () => {
  it("derives the owner key of a smart account as viem derives it from the private key", () => {
    const view = clientView(record(true));
    const owner = view.derived.addresses.find((a) => a.role === "owner");
    expect(owner?.address).toBe(privateKeyToAccount(PRIVATE_KEY).address);
    expect(view.derived.addresses.find((a) => a.role === "smart-account")?.address).toBe(
      "0x00000000000000000000000000000000000000aa",
    );
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
      "Solana",
    ]);
    expect(sendingAddress(view.derived.addresses, "bip122", true)?.address).toBe("tb1qtest");
    // The upstream's record is there unchanged beside it.
    expect(view.wallets).toEqual(record(false).wallets);
  });
});
