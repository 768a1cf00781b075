/**
 * Address formats per chain family: derivation from public keys (for seeded clients) and the
 * validation build-transaction applies to `to`.
 */
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { getAddress, isAddress } from "viem";
import type { NamespaceAddresses } from "../../types";
import { base58CheckDecode, base58CheckEncode, base58Decode, base58Encode } from "./base58";
import { decodeSegwitAddress, encodeSegwitAddress } from "./bech32";
import { isStellarAccountId, stellarAccountId } from "./strkey";

export type BitcoinNetwork = "mainnet" | "testnet";
const BECH32_HRP: Record<BitcoinNetwork, string> = { mainnet: "bc", testnet: "tb" };

/** Checksummed EVM address of an uncompressed secp256k1 public key (65 bytes, 0x04 prefix). */
export function evmAddressOf(uncompressed: Uint8Array): `0x${string}` {
  return getAddress(`0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`);
}

export function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

export function p2wpkhAddressOf(compressed: Uint8Array, network: BitcoinNetwork): string {
  return encodeSegwitAddress(BECH32_HRP[network], 0, hash160(compressed));
}

export function tronAddressOf(uncompressed: Uint8Array): string {
  const body = keccak_256(uncompressed.subarray(1)).subarray(12);
  return base58CheckEncode(Uint8Array.from([0x41, ...body]));
}

/** The client-read namespaces for one secp256k1 key and one ed25519 key. */
export function namespacesOf(
  secpUncompressed: Uint8Array,
  secpCompressed: Uint8Array,
  edPublicKey: Uint8Array,
): NamespaceAddresses {
  const keyHash = hash160(secpCompressed);
  return {
    eip155: { address: evmAddressOf(secpUncompressed), curve: "SECP256K1" },
    solana: { address: base58Encode(edPublicKey), curve: "ED25519" },
    bip122: {
      // The API leaves the generic address empty and lists the bitcoin addresses per network.
      address: "",
      curve: "SECP256K1",
      bitcoin: {
        p2wpkh: { mainnet: encodeSegwitAddress("bc", 0, keyHash), testnet: encodeSegwitAddress("tb", 0, keyHash) },
      },
    },
    tron: { address: tronAddressOf(secpUncompressed), curve: "SECP256K1" },
    stellar: { address: stellarAccountId(edPublicKey), curve: "ED25519" },
  };
}

// ---------------------------------------------------------------------------------------------
// Validation of recipient addresses.

/** EVM: 20 bytes hex; mixed case must carry a valid EIP-55 checksum. */
export const isEvmAddress = (text: string) => isAddress(text, { strict: true });

export function isSolanaAddress(text: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return false;
  return base58Decode(text)?.length === 32;
}

export const isTronAddress = (text: string) => {
  const payload = /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(text) ? base58CheckDecode(text) : undefined;
  return payload?.length === 21 && payload[0] === 0x41;
};

export const isStellarAddress = isStellarAccountId;

/** The output script (scriptPubKey) paying a bitcoin address of `network`, or undefined if invalid. */
export function bitcoinOutputScript(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  const segwit = decodeSegwitAddress(BECH32_HRP[network], address);
  if (segwit) {
    const opVersion = segwit.version === 0 ? 0x00 : 0x50 + segwit.version;
    return Uint8Array.from([opVersion, segwit.program.length, ...segwit.program]);
  }
  const legacy = base58CheckDecode(address);
  if (!legacy || legacy.length !== 21) return undefined;
  const [p2pkh, p2sh] = network === "mainnet" ? [0x00, 0x05] : [0x6f, 0xc4];
  const hash = legacy.subarray(1);
  if (legacy[0] === p2pkh) return Uint8Array.from([0x76, 0xa9, 0x14, ...hash, 0x88, 0xac]);
  if (legacy[0] === p2sh) return Uint8Array.from([0xa9, 0x14, ...hash, 0x87]);
  return undefined;
}

/** The 20-byte key hash of a P2WPKH address (the client's own bitcoin address), or undefined. */
export function p2wpkhKeyHash(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  const segwit = decodeSegwitAddress(BECH32_HRP[network], address);
  return segwit?.version === 0 && segwit.program.length === 20 ? segwit.program : undefined;
}
