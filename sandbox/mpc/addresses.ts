/**
 * Addresses of a wallet on each namespace, derived from its public keys with each chain's own rules.
 * SECP256K1 serves eip155, bip122 and tron; ED25519 serves solana and stellar (api-shapes §1.4).
 */
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { base32nopad, base58, bech32, createBase58check } from "@scure/base";
import { type Hex, bytesToHex, getAddress, keccak256 } from "viem";
import type { NamespaceAddresses } from "../types";

const base58check = createBase58check(sha256);

/** The 20-byte account of an uncompressed secp256k1 key (0x04 ‖ X ‖ Y): the last 20 bytes of keccak256(X ‖ Y). */
function accountBytes(uncompressed: Uint8Array): Uint8Array {
  const digest = keccak256(uncompressed.subarray(1), "bytes");
  return digest.subarray(12);
}

export function evmAddress(uncompressed: Uint8Array): `0x${string}` {
  return getAddress(bytesToHex(accountBytes(uncompressed)) as Hex);
}

/** Native SegWit v0 pay-to-witness-public-key-hash: bech32 of hash160 of the compressed key. */
export function p2wpkhAddress(compressed: Uint8Array, network: "mainnet" | "testnet"): string {
  const program = ripemd160(sha256(compressed));
  return bech32.encode(network === "mainnet" ? "bc" : "tb", [0, ...bech32.toWords(program)]);
}

/** Tron: base58check of 0x41 ‖ the same 20 bytes an EVM address has. */
export function tronAddress(uncompressed: Uint8Array): string {
  return base58check.encode(Uint8Array.from([0x41, ...accountBytes(uncompressed)]));
}

export function solanaAddress(ed25519PublicKey: Uint8Array): string {
  return base58.encode(ed25519PublicKey);
}

/** CRC16-XModem, the checksum of Stellar's strkey encoding. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Stellar account id (G…): base32 of version byte 6<<3 ‖ key ‖ CRC16 little-endian. */
export function stellarAddress(ed25519PublicKey: Uint8Array): string {
  const payload = Uint8Array.from([6 << 3, ...ed25519PublicKey]);
  const crc = crc16xmodem(payload);
  return base32nopad.encode(Uint8Array.from([...payload, crc & 0xff, crc >> 8]));
}

export function namespaceAddresses(keys: {
  secp256k1Uncompressed: Uint8Array;
  secp256k1Compressed: Uint8Array;
  ed25519: Uint8Array;
}): NamespaceAddresses {
  return {
    eip155: { address: evmAddress(keys.secp256k1Uncompressed), curve: "SECP256K1" },
    solana: { address: solanaAddress(keys.ed25519), curve: "ED25519" },
    bip122: {
      // The real API leaves bip122's own address empty and lists the P2WPKH addresses per network.
      address: "",
      curve: "SECP256K1",
      bitcoin: {
        p2wpkh: {
          mainnet: p2wpkhAddress(keys.secp256k1Compressed, "mainnet"),
          testnet: p2wpkhAddress(keys.secp256k1Compressed, "testnet"),
        },
      },
    },
    tron: { address: tronAddress(keys.secp256k1Uncompressed), curve: "SECP256K1" },
    stellar: { address: stellarAddress(keys.ed25519), curve: "ED25519" },
  };
}
