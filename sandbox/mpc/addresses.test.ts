import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { bytesToHex } from "viem";
import { describe, expect, it } from "vitest";
import { evmAddress, p2wpkhAddress, solanaAddress, stellarAddress, tronAddress } from "./addresses";

// The generator point G is the public key of private key 1; published vectors exist for it.
const one = new Uint8Array(32);
one[31] = 1;
const uncompressed = secp256k1.getPublicKey(one, false);
const compressed = secp256k1.getPublicKey(one, true);

describe("addresses from public keys", () => {
  it("eip155: the well-known address of private key 1, checksummed", () => {
    expect(evmAddress(uncompressed)).toBe("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
  });

  it("bip122 p2wpkh: BIP-173's example (the compressed key of G) on mainnet, tb1 on testnet", () => {
    expect(p2wpkhAddress(compressed, "mainnet")).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expect(p2wpkhAddress(compressed, "testnet")).toBe("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx");
  });

  it("tron: base58check of 0x41 and the EVM account bytes", () => {
    const address = tronAddress(uncompressed);
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const payload = createBase58check(sha256).decode(address);
    expect(bytesToHex(payload)).toBe("0x417e5f4552091a69125d5dfcb7b8c2659029395bdf");
  });

  it("solana and stellar: the all-zero key is the system program and Stellar's null account", () => {
    expect(solanaAddress(new Uint8Array(32))).toBe("11111111111111111111111111111111");
    expect(stellarAddress(new Uint8Array(32))).toBe("GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF");
  });
});
