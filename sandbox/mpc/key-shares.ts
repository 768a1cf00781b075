/**
 * The sandbox's stand-in for MPC key shares. A real MPC service never assembles a private key: the
 * client and the server each hold a share and run a signing protocol. The sandbox keeps the same
 * interface (a client share, a server share, signatures that verify against one public key) but
 * simply joins the two shares inside the service to sign, which is enough to exercise every flow.
 *
 * - SECP256K1: additive 2-of-2 sharing mod n: key = (client + server) mod n.
 * - ED25519: XOR of the 32-byte seed: seed = client XOR server (ed25519 keys are derived from a seed
 *   by hashing, so an additive scalar share would not give a standard signing key).
 *
 * Backups use the same rule with a fresh split: custodian backup share + client backup share = key.
 */
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToNumberBE, numberToBytesBE } from "@noble/curves/utils.js";
import type { Curve } from "../types";

const N = secp256k1.Point.Fn.ORDER;

/** A share as the blobs carry it: a decimal integer. */
export type ShareValue = bigint;

export interface PublicKeyJson {
  X: string;
  Y?: string;
}

export function newSecret(curve: Curve): Uint8Array {
  return curve === "SECP256K1" ? secp256k1.utils.randomSecretKey() : ed25519.utils.randomSecretKey();
}

/** `{X,Y}` in decimal for SECP256K1 (the share blobs' `pubkey`), `{X}` in hex for ED25519. */
export function publicKeyJson(curve: Curve, secret: Uint8Array): PublicKeyJson {
  if (curve === "ED25519") return { X: Buffer.from(ed25519.getPublicKey(secret)).toString("hex") };
  const point = secp256k1.Point.fromBytes(secp256k1.getPublicKey(secret, false)).toAffine();
  return { X: point.x.toString(10), Y: point.y.toString(10) };
}

/** The public point of one secp256k1 share, which the real share blobs carry as `partialPubkey`. */
export function partialPublicKey(share: ShareValue): PublicKeyJson {
  const point = secp256k1.Point.BASE.multiply(share).toAffine();
  return { X: point.x.toString(10), Y: point.y.toString(10) };
}

/** Splits a key into [clientShare, serverShare]; each split is fresh, so shares of two splits never combine. */
export function split(curve: Curve, secret: Uint8Array): [ShareValue, ShareValue] {
  const random = curve === "SECP256K1" ? secp256k1.utils.randomSecretKey() : ed25519.utils.randomSecretKey();
  return splitWith(curve, secret, random);
}

/**
 * Splits a key around a given client share (32 bytes; reduced mod n on SECP256K1): seeded wallets
 * take theirs from the seed, so the same shares come out on every start.
 */
export function splitWith(curve: Curve, secret: Uint8Array, clientShare: Uint8Array): [ShareValue, ShareValue] {
  const key = bytesToNumberBE(secret);
  if (curve === "SECP256K1") {
    const client = bytesToNumberBE(clientShare) % N;
    return [client, (((key - client) % N) + N) % N];
  }
  const client = bytesToNumberBE(clientShare);
  return [client, key ^ client];
}

/** Joins two shares back into the key; undefined when the result is not a valid key of the curve. */
export function combine(curve: Curve, a: ShareValue, b: ShareValue): Uint8Array | undefined {
  if (a < 0n || b < 0n || a >= 2n ** 256n || b >= 2n ** 256n) return undefined;
  if (curve === "SECP256K1") {
    const key = (a + b) % N;
    return key === 0n ? undefined : numberToBytesBE(key, 32);
  }
  return numberToBytesBE(a ^ b, 32);
}
