import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ed25519 } from "@noble/curves/ed25519.js";
import { privateKeyToAccount } from "viem/accounts";
import { bytesToHex } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { base58CheckEncode, base58Decode, base58Encode } from "./base58";
import { decodeSegwitAddress } from "./bech32";
import { bitcoinOutputScript, isSolanaAddress, isStellarAddress, isTronAddress, namespacesOf } from "./addresses";

describe("address encodings", () => {
  it("derives the EVM address viem derives", () => {
    const sk = new Uint8Array(32).fill(7);
    const ns = namespacesOf(
      secp256k1.getPublicKey(sk, false),
      secp256k1.getPublicKey(sk, true),
      ed25519.getPublicKey(sk),
    );
    expect(ns.eip155?.address).toBe(privateKeyToAccount(`0x${bytesToHex(sk)}`).address);
    expect(isSolanaAddress(ns.solana?.address ?? "")).toBe(true);
    expect(isTronAddress(ns.tron?.address ?? "")).toBe(true);
    expect(isStellarAddress(ns.stellar?.address ?? "")).toBe(true);
    expect(ns.bip122?.bitcoin.p2wpkh.mainnet).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(ns.bip122?.bitcoin.p2wpkh.testnet).toMatch(/^tb1q/);
  });

  it("matches BIP-173/BIP-350 test vectors", () => {
    // BIP-173: P2WPKH of the generator point's compressed key.
    expect(
      bytesToHex(decodeSegwitAddress("bc", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")?.program ?? new Uint8Array()),
    ).toBe("751e76e8199196d454941c45d1b3a323f1433bd6");
    // BIP-350: a v1 (taproot-style) address uses bech32m.
    expect(
      decodeSegwitAddress("bc", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y")?.version,
    ).toBe(1);
    expect(decodeSegwitAddress("bc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toBeUndefined();
  });

  it("recognises well-known real addresses", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isSolanaAddress("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(true);
    expect(isStellarAddress("GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ")).toBe(true);
    expect(bitcoinOutputScript("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "mainnet")?.[0]).toBe(0x76);
    expect(bitcoinOutputScript("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "testnet")).toBeUndefined();
  });

  it("round-trips base58 with leading zeros", () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255]);
    expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
    expect(base58CheckEncode(Uint8Array.from([0]))).toBe("1Wh4bh");
  });
});
