/**
 * The one signature scheme of the console's evidence (export manifests, audit checkpoints), as any
 * reviewer can check it with a standard Ed25519 library and nothing of the console's:
 *
 *   bytes     = UTF-8 of the RFC 8785 (JCS) canonical JSON of the document without its `signature` member
 *   signature = { algorithm: "Ed25519", keyId, publicKey: 32 bytes as hex, value: 64 bytes as hex }
 *   keyId     = "ed25519:" + the first 16 hex digits of SHA-256(publicKey bytes)
 *
 * Signed documents hold only strings, integers, booleans, null, arrays and objects with ASCII keys, so
 * their canonical form is also what `json.dumps(doc, sort_keys=True, separators=(",", ":"),
 * ensure_ascii=False)` prints in Python. Isomorphic: the verify page runs this in the browser.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import canonicalize from "canonicalize";

export const SIGNATURE_ALGORITHM = "Ed25519";

export interface EvidenceSignature {
  algorithm: typeof SIGNATURE_ALGORITHM;
  keyId: string;
  /** The signing key's 32-byte public key, lower-case hex. */
  publicKey: string;
  /** The 64-byte Ed25519 signature, lower-case hex. */
  value: string;
}

/** A public key as the console publishes it (the audit page's download). */
export interface PublishedKey {
  keyId: string;
  publicKey: string;
  createdAt: string;
  /** Set once the key no longer signs: what it signed before stays verifiable. */
  retiredAt: string | null;
  /** A retired key's successor's statement of what it had signed (./retirement.ts). */
  retirement?: unknown;
}

const HEX_32 = /^[0-9a-f]{64}$/;
const HEX_64 = /^[0-9a-f]{128}$/;

export function keyIdOf(publicKeyHex: string): string {
  return `ed25519:${bytesToHex(sha256(hexToBytes(publicKeyHex))).slice(0, 16)}`;
}

/** The exact bytes a signature covers: the canonical JSON of everything but `signature`. */
export function signingBytes(document: Record<string, unknown>): Uint8Array {
  const { signature: _omitted, ...body } = document;
  const text = canonicalize(body);
  if (text === undefined) throw new Error("the document cannot be canonicalized");
  return utf8ToBytes(text);
}

export type SignatureCheck =
  { ok: true; keyId: string; publicKey: string; trusted: boolean } | { ok: false; problem: string };

/**
 * Checks a signed document. `trustedKeys`, when given, are the keys the reviewer obtained from the
 * console (current and retired): the signing key must be one of them. Without them the check proves
 * only that the document is unchanged since the key it names signed it (`trusted: false`).
 */
export function checkSignature(document: unknown, trustedKeys?: readonly string[]): SignatureCheck {
  if (typeof document !== "object" || document === null || Array.isArray(document))
    return { ok: false, problem: "The document is not a JSON object." };
  const signature = (document as { signature?: unknown }).signature;
  if (typeof signature !== "object" || signature === null) return { ok: false, problem: "The document is not signed." };
  const { algorithm, keyId, publicKey, value } = signature as Record<string, unknown>;
  if (algorithm !== SIGNATURE_ALGORITHM)
    return { ok: false, problem: `The signature's algorithm is ${JSON.stringify(algorithm)}, not Ed25519.` };
  if (typeof publicKey !== "string" || !HEX_32.test(publicKey))
    return { ok: false, problem: "The signature's public key is not 32 bytes of hex." };
  if (typeof value !== "string" || !HEX_64.test(value))
    return { ok: false, problem: "The signature value is not 64 bytes of hex." };
  if (keyId !== keyIdOf(publicKey))
    return { ok: false, problem: `The key id ${JSON.stringify(keyId)} does not belong to the public key it names.` };
  let bytes: Uint8Array;
  try {
    bytes = signingBytes(document as Record<string, unknown>);
  } catch {
    return { ok: false, problem: "The document holds values canonical JSON does not allow." };
  }
  let valid = false;
  try {
    valid = ed25519.verify(hexToBytes(value), bytes, hexToBytes(publicKey), { zip215: false });
  } catch {
    valid = false;
  }
  if (!valid)
    return {
      ok: false,
      problem: `The signature does not match the document: it was changed after ${keyId} signed it.`,
    };
  if (trustedKeys && !trustedKeys.includes(publicKey))
    return {
      ok: false,
      problem: `The document was signed by ${keyId}, which is not one of the console's published keys you gave.`,
    };
  return { ok: true, keyId, publicKey, trusted: trustedKeys !== undefined };
}
