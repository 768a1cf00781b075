/**
 * A small seeded PRNG (sfc32). Seeded data must come out identical on every start, so nothing that
 * seeds uses Math.random or crypto randomness.
 */
import { sha256 } from "@noble/hashes/sha2.js";

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  bytes(n: number): Uint8Array;
}

/** Derives four 32-bit state words from any string, so related seeds ("x:1", "x:2") diverge at once. */
function stateOf(seed: string): [number, number, number, number] {
  const h = sha256(new TextEncoder().encode(seed));
  const view = new DataView(h.buffer, h.byteOffset, h.byteLength);
  return [view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)];
}

export function createRng(seed: string): Rng {
  let [a, b, c, d] = stateOf(seed);
  const u32 = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const next = () => u32() / 4294967296;
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    bytes: (n) => {
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i += 4) {
        const word = u32();
        for (let k = 0; k < 4 && i + k < n; k++) out[i + k] = (word >>> (8 * k)) & 0xff;
      }
      return out;
    },
  };
}
