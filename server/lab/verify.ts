import "server-only";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type Hex, getAddress, hexToBytes, isHex, recoverMessageAddress, recoverTypedDataAddress } from "viem";
import type { TypedDataDocument } from "@/lib/lab/typed-data";

/**
 * Checks of what the MPC service signed, made here with viem and @noble/curves rather than trusted
 * from the service: each returns what it found, or undefined when the signature cannot be read.
 */

export async function recoverPersonalSigner(message: string, signature: string): Promise<string | undefined> {
  if (!isHex(signature)) return undefined;
  try {
    return getAddress(await recoverMessageAddress({ message, signature }));
  } catch {
    return undefined;
  }
}

export async function recoverTypedDataSigner(doc: TypedDataDocument, signature: string): Promise<string | undefined> {
  if (!isHex(signature)) return undefined;
  try {
    return getAddress(
      await recoverTypedDataAddress({ ...doc, signature } as Parameters<typeof recoverTypedDataAddress>[0]),
    );
  } catch {
    return undefined;
  }
}

/** The compressed public key (SEC1 hex) that made an r ‖ s ‖ v signature over a 32-byte digest. */
export function recoverSecp256k1Key(digestHex: string, signature: string): string | undefined {
  try {
    const bytes = hexToBytes(signature as Hex);
    if (bytes.length !== 65) return undefined;
    const v = bytes[64] as number;
    const recovery = v >= 27 ? v - 27 : v;
    if (recovery !== 0 && recovery !== 1) return undefined;
    const point = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), "compact")
      .addRecoveryBit(recovery)
      .recoverPublicKey(hexToBytes(`0x${digestHex}`));
    return point.toHex(true);
  } catch {
    return undefined;
  }
}

/** Whether a 64-byte Ed25519 signature over the digest's bytes verifies under the public key (hex). */
export function verifyEd25519(digestHex: string, signature: string, publicKeyHex: string): boolean {
  try {
    const bytes = hexToBytes(signature as Hex);
    if (bytes.length !== 64) return false;
    return ed25519.verify(bytes, hexToBytes(`0x${digestHex}`), hexToBytes(`0x${publicKeyHex}`));
  } catch {
    return false;
  }
}

export const sameAddress = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
