/** Base58 (Bitcoin alphabet), used by Solana addresses and blockhashes and by Tron's base58check. */
import { sha256 } from "@noble/hashes/sha2.js";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, i]));

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  // Repeated division on a little-endian base-58 digit array: quadratic, but inputs are ≤ 100 bytes.
  const digits: number[] = [];
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] as number;
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] as number) << 8;
      digits[j] = carry % 58;
      carry = (carry / 58) | 0;
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = (carry / 58) | 0;
    }
  }
  return (
    "1".repeat(zeros) +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join("")
  );
}

/** The bytes of a base58 string, or undefined if it holds a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === "1") zeros++;
  const bytes: number[] = [];
  for (let i = zeros; i < text.length; i++) {
    const value = INDEX.get(text[i] as string);
    if (value === undefined) return undefined;
    let carry = value;
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] as number) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()]);
}

const checksum = (payload: Uint8Array) => sha256(sha256(payload)).subarray(0, 4);

export function base58CheckEncode(payload: Uint8Array): string {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(checksum(payload), payload.length);
  return base58Encode(out);
}

/** The payload of a base58check string, or undefined when the checksum does not match. */
export function base58CheckDecode(text: string): Uint8Array | undefined {
  const raw = base58Decode(text);
  if (!raw || raw.length < 5) return undefined;
  const payload = raw.subarray(0, raw.length - 4);
  const sum = checksum(payload);
  for (let i = 0; i < 4; i++) if (raw[raw.length - 4 + i] !== sum[i]) return undefined;
  return payload;
}
