/**
 * Envelope encryption, pure: a value is sealed under a fresh 256-bit data key with AES-256-GCM, and
 * the data key is wrapped under the key-encryption key (KEK) with AES-256-GCM too. Both carry the
 * record's associated data (purpose and subject), so a sealed value copied to another record, or a
 * wrapped key moved between records, fails authentication instead of opening.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A short public fingerprint of a key-encryption key, stored beside what it wrapped. */
export function kekId(kek: Buffer): string {
  return createHmac("sha256", kek).update("custodian-console/vault/kek-id").digest("hex").slice(0, 16);
}

function encrypt(key: Buffer, plaintext: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64");
}

function decrypt(key: Buffer, sealed: string, aad: string): Buffer {
  const raw = Buffer.from(sealed, "base64");
  if (raw.length < IV_BYTES + TAG_BYTES) throw new VaultError("the sealed value is truncated");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  } catch {
    // Never the key material or the ciphertext in the message.
    throw new VaultError("the sealed value does not open with this key (altered, moved, or another key)");
  }
}

export class VaultError extends Error {
  override name = "VaultError";
}

export interface Sealed {
  kekId: string;
  wrappedKey: string;
  sealed: string;
}

/** What a record's ciphertexts are bound to. */
export const recordAad = (purpose: string, subject: string) => `custodian-console/vault/v1|${purpose}|${subject}`;

export function seal(kek: Buffer, plaintext: Buffer, aad: string): Sealed {
  const dataKey = randomBytes(32);
  try {
    return {
      kekId: kekId(kek),
      wrappedKey: encrypt(kek, dataKey, `${aad}|key`),
      sealed: encrypt(dataKey, plaintext, aad),
    };
  } finally {
    dataKey.fill(0);
  }
}

export function open(kek: Buffer, record: Sealed, aad: string): Buffer {
  const dataKey = decrypt(kek, record.wrappedKey, `${aad}|key`);
  try {
    return decrypt(dataKey, record.sealed, aad);
  } finally {
    dataKey.fill(0);
  }
}

/** The same value under a new key-encryption key: only the data key is re-wrapped; the value is not touched. */
export function rewrap(oldKek: Buffer, newKek: Buffer, record: Sealed, aad: string): Sealed {
  const dataKey = decrypt(oldKek, record.wrappedKey, `${aad}|key`);
  try {
    // Prove the pair still opens before replacing the wrapping.
    decrypt(dataKey, record.sealed, aad);
    return { kekId: kekId(newKek), wrappedKey: encrypt(newKek, dataKey, `${aad}|key`), sealed: record.sealed };
  } finally {
    dataKey.fill(0);
  }
}
