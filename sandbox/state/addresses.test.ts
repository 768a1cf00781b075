/**
 * Every expectation here is a published vector, not this module's own output: Bitcoin Core's base58
 * and key_io vectors, BIP-173/BIP-350's segwit vectors, SEP-0023's StrKey vector, @solana/web3.js's
 * Keypair.fromSeed vector and Solana's program ids, and the well-known address of private key 1.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  bitcoinOutputScript,
  decodeBase58,
  evmAddress,
  isEvmAddress,
  isSolanaAddress,
  namespaceAddresses,
  p2wpkhAddress,
  p2wpkhKeyHash,
  solanaAddress,
  stellarAddress,
  tronAddress,
  type BitcoinNetwork,
} from "./addresses";

// Private key 1: its public key is the generator point G, for which BIP-173 and others publish vectors.
const one = hexToBytes(`${"00".repeat(31)}01`);
const gUncompressed = secp256k1.getPublicKey(one, false);
const gCompressed = secp256k1.getPublicKey(one, true);
/** @solana/web3.js keypair.test.ts: Keypair.fromSeed(32 bytes of 8). */
const solanaSeed = new Uint8Array(32).fill(8);
const SOLANA_SEED_ADDRESS = "2KW2XRd9kwqet15Aha2oK3tYvd3nWbTFH1MBiRAv1BE1";

const hex = (bytes: Uint8Array | undefined) => (bytes ? bytesToHex(bytes) : undefined);
const networkOf = (address: string): BitcoinNetwork => (address.toLowerCase().startsWith("bc") ? "mainnet" : "testnet");

describe("base58 (Bitcoin Core base58_encode_decode.json)", () => {
  it.each([
    ["", ""],
    ["61", "2g"],
    ["626262", "a3gV"],
    ["636363", "aPEr"],
    ["73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"],
    ["00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"],
    ["516b6fcd0f", "ABnLTmg"],
    ["bf4f89001e670274dd", "3SEo3LWLoPntC"],
    ["572e4794", "3EFU7m"],
    ["ecac89cad93923c02321", "EJDM8drfXA6uyA"],
    ["10c8511e", "Rt5zm"],
    ["00000000000000000000", "1111111111"],
  ])("decodes %s from %s", (bytes, text) => {
    expect(hex(decodeBase58(text))).toBe(bytes);
  });

  it.each(["0", "O", "I", "l", "a3g V", "a3gV!"])("rejects %j (outside the alphabet)", (text) => {
    expect(decodeBase58(text)).toBeUndefined();
  });
});

describe("bitcoin legacy addresses: base58check (Bitcoin Core key_io_valid.json)", () => {
  it.each([
    ["1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62i", "mainnet", "76a91465a16059864a2fdbc7c99a4723a8395bc6f188eb88ac"],
    ["3CMNFxN1oHBc4R1EpboAL5yzHGgE611Xou", "mainnet", "a91474f209f6ea907e2ea48f74fae05782ae8a66525787"],
    ["mo9ncXisMeAoXwqcV5EWuyncbmCcQN4rVs", "testnet", "76a91453c0307d6851aa0ce7825ba883c6bd9ad242b48688ac"],
    ["2N2JD6wb56AfK4tfmM6PwdVmoYk2dCKf4Br", "testnet", "a9146349a418fc4578d10a372b54b45c280cc8c4382f87"],
  ] as const)("%s pays %s script %s", (address, network, script) => {
    expect(hex(bitcoinOutputScript(address, network))).toBe(script);
    expect(bitcoinOutputScript(address, network === "mainnet" ? "testnet" : "mainnet")).toBeUndefined();
  });

  it.each([
    "Z9inZq4e2HGQRZQezDjFMmqgUE8NwMRok", // invalid checksum (Bitcoin Core key_io_invalid.json)
    "3HK7MezAm6qEZQUMPRf8jX7wDv6zig6Ky8",
    "1AGNa15ZQXAZUgFiqJ2i7Z2DPU2J6hW62j", // the first valid vector with its last character changed
    "#####",
  ])("rejects %s", (address) => {
    expect(bitcoinOutputScript(address, "mainnet")).toBeUndefined();
    expect(bitcoinOutputScript(address, "testnet")).toBeUndefined();
  });
});

describe("segwit addresses: bech32/bech32m (BIP-350 test vectors)", () => {
  it.each([
    ["BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6"],
    [
      "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
      "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262",
    ],
    [
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
      "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6",
    ],
    ["BC1SW50QGDZ25J", "6002751e"],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323"],
    [
      "tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy",
      "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ],
    [
      "tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
      "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433",
    ],
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
    ],
  ])("%s pays %s", (address, script) => {
    expect(hex(bitcoinOutputScript(address, networkOf(address)))).toBe(script);
  });

  it.each([
    ["tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "invalid human-readable part"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bech32 instead of bech32m"],
    ["tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "bech32 instead of bech32m"],
    ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bech32 instead of bech32m"],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bech32m instead of bech32"],
    ["tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "bech32m instead of bech32"],
    ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "invalid character in checksum"],
    ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "invalid witness version"],
    ["bc1pw5dgrnzv", "invalid program length (1 byte)"],
    [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav",
      "invalid program length (41 bytes)",
    ],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "invalid program length for witness version 0"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "mixed case"],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "zero padding of more than 4 bits"],
    ["tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "non-zero padding in 8-to-5 conversion"],
    ["bc1gmk9yu", "empty data section"],
  ])("rejects %s (%s)", (address) => {
    expect(bitcoinOutputScript(address, "mainnet")).toBeUndefined();
    expect(bitcoinOutputScript(address, "testnet")).toBeUndefined();
  });

  it("rejects an address of the other network", () => {
    expect(bitcoinOutputScript("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "testnet")).toBeUndefined();
    expect(bitcoinOutputScript("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "mainnet")).toBeUndefined();
  });

  it("P2WPKH of G's compressed key is BIP-173's example, and its key hash reads back", () => {
    expect(p2wpkhAddress(gCompressed, "mainnet")).toBe("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    expect(p2wpkhAddress(gCompressed, "testnet")).toBe("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx");
    expect(hex(p2wpkhKeyHash("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "mainnet"))).toBe(
      "751e76e8199196d454941c45d1b3a323f1433bd6",
    );
    // A P2WSH (32-byte program) or taproot address is not a key hash.
    expect(p2wpkhKeyHash("tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "testnet")).toBeUndefined();
    expect(p2wpkhKeyHash("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "mainnet")).toBeUndefined();
  });
});

describe("eip155 and tron", () => {
  it("private key 1 is 0x7E5F…5Bdf, checksummed (EIP-55)", () => {
    expect(evmAddress(gUncompressed)).toBe("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
  });

  it("tron is base58check of 0x41 and the same account bytes", () => {
    // Checked through Bitcoin's base58check rule on the published base58 alphabet: decode, split off
    // the 4-byte checksum, and compare with the double SHA-256 computed here.
    const raw = decodeBase58(tronAddress(gUncompressed)) ?? new Uint8Array();
    expect(raw).toHaveLength(25);
    const payload = raw.subarray(0, 21);
    expect(hex(payload)).toBe("417e5f4552091a69125d5dfcb7b8c2659029395bdf");
    expect(hex(raw.subarray(21))).toBe(hex(sha256(sha256(payload)).subarray(0, 4)));
  });

  it.each([
    ["0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", true], // EIP-55's examples
    ["0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", true],
    ["0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359", true], // all lower case carries no checksum
    ["0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", false], // one letter's case flipped
    ["0xfb6916095ca1df60bb79ce92ce3ea74c37c5d35", false],
  ])("isEvmAddress(%s) is %s", (address, valid) => {
    expect(isEvmAddress(address)).toBe(valid);
  });
});

describe("solana and stellar", () => {
  it("a Solana address is base58 of the ed25519 public key (@solana/web3.js Keypair.fromSeed)", () => {
    expect(solanaAddress(ed25519.getPublicKey(solanaSeed))).toBe(SOLANA_SEED_ADDRESS);
  });

  it.each([
    ["11111111111111111111111111111111", "00".repeat(32)], // System program
    ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9"],
    [
      "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
      "8c97258f4e2489f1bb3d1029148e0d830b5a1399daff1084048e7bd8dbe9f859",
    ],
  ])("%s is the program id %s", (address, key) => {
    expect(solanaAddress(hexToBytes(key))).toBe(address);
    expect(isSolanaAddress(address)).toBe(true);
  });

  it.each([
    ["2KW2XRd9kwqet15Aha2oK3tYvd3nWbTFH1MBiRAv1BE", "31 characters short of a key"],
    ["1111111111111111111111111111111", "31 bytes"],
    ["0KW2XRd9kwqet15Aha2oK3tYvd3nWbTFH1MBiRAv1BE1", "0 is not base58"],
    ["0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf", "an EVM address"],
  ])("isSolanaAddress rejects %s (%s)", (address) => {
    expect(isSolanaAddress(address)).toBe(false);
  });

  it("a Stellar account id is SEP-0023's StrKey of the key", () => {
    expect(stellarAddress(hexToBytes("3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a"))).toBe(
      "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ",
    );
  });
});

describe("namespaceAddresses", () => {
  it("gives each namespace its chain's address of the two keys", () => {
    const ns = namespaceAddresses({
      secp256k1Uncompressed: gUncompressed,
      secp256k1Compressed: gCompressed,
      ed25519: ed25519.getPublicKey(solanaSeed),
    });
    expect(ns.eip155).toEqual({ address: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf", curve: "SECP256K1" });
    expect(ns.solana).toEqual({ address: SOLANA_SEED_ADDRESS, curve: "ED25519" });
    expect(ns.bip122).toEqual({
      address: "",
      curve: "SECP256K1",
      bitcoin: {
        p2wpkh: {
          mainnet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
          testnet: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
        },
      },
    });
    expect(ns.tron?.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(ns.stellar?.address).toMatch(/^G[A-Z2-7]{55}$/);
  });
});
