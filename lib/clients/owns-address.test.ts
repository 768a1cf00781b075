import { secp256k1 } from "@noble/curves/secp256k1.js";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { clientFixture } from "@/testing/contracts/fixtures";
import { clientSchema } from "../contracts";
import { clientHasAddress } from "./owns-address";

// A key whose EVM address viem computes from the private key alone, as a wallet would show it.
const PRIVATE_KEY = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318" as const;
const OWNER = privateKeyToAccount(PRIVATE_KEY).address;
const point = secp256k1.Point.fromHex(
  Buffer.from(secp256k1.getPublicKey(Buffer.from(PRIVATE_KEY.slice(2), "hex"), false)).toString("hex"),
);
const [secp, ed] = clientFixture.wallets;
const record = (isAccountAbstracted: boolean) =>
  clientSchema.parse({
    ...clientFixture,
    isAccountAbstracted,
    wallets: [{ ...secp, publicKey: JSON.stringify({ X: point.x.toString(), Y: point.y.toString() }) }, ed],
  });
const ns = clientFixture.metadata.namespaces;

describe("whether an address is one of a client's (what the header search finds)", () => {
  it("finds the owner key of an account-abstracted client, which its record does not list", () => {
    expect(JSON.stringify(clientFixture)).not.toContain(OWNER.slice(2).toLowerCase());
    expect(clientHasAddress(record(true), OWNER)).toBe(true);
    expect(clientHasAddress(record(true), OWNER.toLowerCase())).toBe(true);
    // The smart account is the record's own EVM address, and is found too.
    expect(clientHasAddress(record(true), ns.eip155.address)).toBe(true);
  });

  it("does not take the key of an ordinary client for one of its addresses (only the page's EVM address)", () => {
    expect(clientHasAddress(record(false), OWNER)).toBe(false);
    expect(clientHasAddress(record(false), ns.eip155.address.toUpperCase().replace("0X", "0x"))).toBe(true);
  });

  it.each([
    ["Solana", ns.solana.address],
    ["Bitcoin mainnet", ns.bip122.bitcoin.p2wpkh.mainnet],
    ["Bitcoin testnet", ns.bip122.bitcoin.p2wpkh.testnet.toUpperCase()],
    ["Tron", ns.tron.address],
    ["Stellar", ns.stellar.address],
  ])("finds the client's %s address", (_family, address) => {
    expect(clientHasAddress(record(true), address)).toBe(true);
  });

  it("compares base58 exactly: another case is another address", () => {
    expect(clientHasAddress(record(false), ns.solana.address.toLowerCase())).toBe(false);
    expect(clientHasAddress(record(false), "0x000000000000000000000000000000000000dEaD")).toBe(false);
  });
});
