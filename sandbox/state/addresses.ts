/**
 * Addresses per chain family, on @scure/base (base58, base58check, bech32/bech32m, base32) and
 * @noble/hashes: derived from public keys for the client read (MPC wallets and seeded clients), and
 * checked when build-transaction takes a `to`. SECP256K1 serves eip155, bip122 and tron; ED25519
 * serves solana and stellar (api-shapes §1.4).
 */
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { base32nopad, base58, bech32, bech32m, createBase58check } from "@scure/base";
import { bytesToHex, getAddress, isAddress } from "viem";
import type { NamespaceAddresses } from "../types";

export type BitcoinNetwork = "mainnet" | "testnet";

const SEGWIT_HRP: Record<BitcoinNetwork, string> = { mainnet: "bc", testnet: "tb" };
/** Version bytes of base58check P2PKH and P2SH addresses. */
const LEGACY_VERSION: Record<BitcoinNetwork, { p2pkh: number; p2sh: number }> = {
  mainnet: { p2pkh: 0x00, p2sh: 0x05 },
  testnet: { p2pkh: 0x6f, p2sh: 0xc4 },
};
/** Tron addresses are base58check of this byte and the 20 account bytes an EVM address has. */
const TRON_PREFIX = 0x41;
/** StrKey version byte of a Stellar account id ("G…"), SEP-0023. */
const STELLAR_ACCOUNT_VERSION = 6 << 3;

const base58check = createBase58check(sha256);

/** The @scure/base decoders throw on bad input; callers checking user input want undefined. */
function attempt<T>(decode: () => T): T | undefined {
  try {
    return decode();
  } catch {
    return undefined;
  }
}

/** The bytes of a base58 string (Bitcoin alphabet), or undefined when it is not base58. */
export const decodeBase58 = (text: string): Uint8Array | undefined => attempt(() => base58.decode(text));

// ---------------------------------------------------------------------------------------------
// Derivation from public keys.

/** The 20-byte account of an uncompressed secp256k1 key (0x04 ‖ X ‖ Y): the last 20 bytes of keccak256(X ‖ Y). */
function accountBytes(uncompressed: Uint8Array): Uint8Array {
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

export function evmAddress(uncompressed: Uint8Array): `0x${string}` {
  return getAddress(bytesToHex(accountBytes(uncompressed)));
}

/** Native SegWit v0 pay-to-witness-public-key-hash: bech32 of hash160 of the compressed key. */
export function p2wpkhAddress(compressed: Uint8Array, network: BitcoinNetwork): string {
  const program = ripemd160(sha256(compressed));
  return bech32.encode(SEGWIT_HRP[network], [0, ...bech32.toWords(program)]);
}

export function tronAddress(uncompressed: Uint8Array): string {
  return base58check.encode(Uint8Array.from([TRON_PREFIX, ...accountBytes(uncompressed)]));
}

export function solanaAddress(ed25519PublicKey: Uint8Array): string {
  return base58.encode(ed25519PublicKey);
}

/** CRC16-XModem, the checksum of Stellar's StrKey (no codec library carries it). */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Stellar account id: base32 of version byte ‖ key ‖ CRC16 little-endian. */
export function stellarAddress(ed25519PublicKey: Uint8Array): string {
  const payload = Uint8Array.from([STELLAR_ACCOUNT_VERSION, ...ed25519PublicKey]);
  const crc = crc16xmodem(payload);
  return base32nopad.encode(Uint8Array.from([...payload, crc & 0xff, crc >> 8]));
}

/** The client-read namespaces of one secp256k1 key and one ed25519 key. */
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

// ---------------------------------------------------------------------------------------------
// Validation of recipient addresses.

/** EVM: 20 bytes hex; mixed case must carry a valid EIP-55 checksum. */
export const isEvmAddress = (text: string) => isAddress(text, { strict: true });

export function isSolanaAddress(text: string): boolean {
  // The length check keeps the quadratic base58 decoding away from long inputs.
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) && decodeBase58(text)?.length === 32;
}

/**
 * Witness version and program of a segwit address of `network`, or undefined. Version 0 must carry a
 * bech32 checksum (BIP-173) and versions 1–16 a bech32m one (BIP-350); programs are 2–40 bytes, and
 * 20 or 32 for version 0 (BIP-141).
 */
function decodeSegwit(address: string, network: BitcoinNetwork): { version: number; program: Uint8Array } | undefined {
  for (const [codec, isVersion0] of [
    [bech32, true],
    [bech32m, false],
  ] as const) {
    const decoded = attempt(() => codec.decodeUnsafe(address));
    if (!decoded || decoded.prefix !== SEGWIT_HRP[network]) continue;
    const [version, ...words] = decoded.words;
    if (version === undefined || version > 16 || (version === 0) !== isVersion0) return undefined;
    const program = attempt(() => codec.fromWordsUnsafe(words));
    if (!program || program.length < 2 || program.length > 40) return undefined;
    if (version === 0 && program.length !== 20 && program.length !== 32) return undefined;
    return { version, program };
  }
  return undefined;
}

/** The output script (scriptPubKey) paying a bitcoin address of `network`, or undefined if invalid. */
export function bitcoinOutputScript(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  const segwit = decodeSegwit(address, network);
  if (segwit) {
    const opVersion = segwit.version === 0 ? 0x00 : 0x50 + segwit.version;
    return Uint8Array.from([opVersion, segwit.program.length, ...segwit.program]);
  }
  const legacy = attempt(() => base58check.decode(address));
  if (legacy?.length !== 21) return undefined;
  const { p2pkh, p2sh } = LEGACY_VERSION[network];
  const hash = legacy.subarray(1);
  if (legacy[0] === p2pkh) return Uint8Array.from([0x76, 0xa9, 0x14, ...hash, 0x88, 0xac]);
  if (legacy[0] === p2sh) return Uint8Array.from([0xa9, 0x14, ...hash, 0x87]);
  return undefined;
}

/** The 20-byte key hash of a P2WPKH address (the client's own bitcoin address), or undefined. */
export function p2wpkhKeyHash(address: string, network: BitcoinNetwork): Uint8Array | undefined {
  const segwit = decodeSegwit(address, network);
  return segwit?.version === 0 && segwit.program.length === 20 ? segwit.program : undefined;
}
