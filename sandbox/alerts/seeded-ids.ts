/**
 * Ids and transaction hashes of seeded events, computed from their index instead of stored: an
 * AES block of the index, so they look random but decode back to the index in O(1). A million
 * seeded events then need no id column and no id → index map.
 *
 * Event ids are UUIDv4: setting the version and variant bits overwrites 6 bits of the ciphertext,
 * so decoding tries the 64 possible originals (one AES call over 64 blocks). Hashes keep all 256
 * bits: two blocks, the index under two different paddings.
 */
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";

const ZERO_PAD = 12;

/**
 * ECB treats each block on its own, so one long-lived cipher stream serves every call (creating a
 * cipher costs far more than encrypting a page of ids). Without padding, update() returns every
 * complete block at once and final() is never needed.
 */
function ecbStream(key: Buffer, decrypt: boolean): (data: Buffer) => Buffer {
  const cipher = decrypt ? createDecipheriv("aes-128-ecb", key, null) : createCipheriv("aes-128-ecb", key, null);
  cipher.setAutoPadding(false);
  return (data) => cipher.update(data);
}

const block = (index: number, fill: number) => {
  const b = Buffer.alloc(16, fill);
  b.writeUInt32BE(index, 0);
  return b;
};

const formatUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export class SeededIds {
  private readonly encryptId: (data: Buffer) => Buffer;
  private readonly decryptId: (data: Buffer) => Buffer;
  private readonly encryptHash: (data: Buffer) => Buffer;
  private readonly decryptHash: (data: Buffer) => Buffer;

  constructor(seed: string) {
    const idKey = createHash("sha256").update(`event-ids:${seed}`).digest().subarray(0, 16);
    const hashKey = createHash("sha256").update(`tx-hashes:${seed}`).digest().subarray(0, 16);
    this.encryptId = ecbStream(idKey, false);
    this.decryptId = ecbStream(idKey, true);
    this.encryptHash = ecbStream(hashKey, false);
    this.decryptHash = ecbStream(hashKey, true);
  }

  /** UUIDv4 ids of many indices with one cipher call. */
  eventIds(indices: readonly number[]): string[] {
    if (indices.length === 0) return [];
    const out = this.encryptId(Buffer.concat(indices.map((i) => block(i, 0))));
    return indices.map((_, k) => {
      const b = Buffer.from(out.subarray(16 * k, 16 * k + 16));
      b[6] = ((b[6] as number) & 0x0f) | 0x40;
      b[8] = ((b[8] as number) & 0x3f) | 0x80;
      return formatUuid(b.toString("hex"));
    });
  }

  eventId(index: number): string {
    return this.eventIds([index])[0] as string;
  }

  /** The index an id was made from, or undefined for any other string. */
  eventIndex(id: string): number | undefined {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
    const b = Buffer.from(id.replace(/-/g, ""), "hex");
    const candidates = Buffer.alloc(64 * 16);
    for (let v = 0; v < 64; v++) {
      const c = Buffer.from(b);
      c[6] = ((c[6] as number) & 0x0f) | ((v & 0x0f) << 4);
      c[8] = ((c[8] as number) & 0x3f) | ((v >> 4) << 6);
      c.copy(candidates, 16 * v);
    }
    const plain = this.decryptId(candidates);
    for (let v = 0; v < 64; v++) {
      const p = plain.subarray(16 * v, 16 * v + 16);
      if (p.subarray(4).every((x) => x === 0)) return p.readUInt32BE(0);
    }
    return undefined;
  }

  /** 0x-prefixed 32-byte hashes of many transaction ordinals. */
  txHashes(ordinals: readonly number[]): `0x${string}`[] {
    if (ordinals.length === 0) return [];
    const out = this.encryptHash(Buffer.concat(ordinals.flatMap((o) => [block(o, 0), block(o, 0xff)])));
    return ordinals.map((_, k) => `0x${out.subarray(32 * k, 32 * k + 32).toString("hex")}` as const);
  }

  txOrdinal(hash: string): number | undefined {
    if (!/^0x[0-9a-f]{64}$/i.test(hash)) return undefined;
    const plain = this.decryptHash(Buffer.from(hash.slice(2), "hex"));
    const ordinal = plain.readUInt32BE(0);
    const first = plain.subarray(4, 4 + ZERO_PAD).every((x) => x === 0);
    const second = plain.readUInt32BE(16) === ordinal && plain.subarray(20).every((x) => x === 0xff);
    return first && second ? ordinal : undefined;
  }
}
