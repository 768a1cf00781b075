/**
 * cuid-like resource ids: 'c' + time (8 base36) + counter (4) + fingerprint (4) + random (8) = 25
 * characters, the shape the real API's ids have. Time and counter lead, so ids of one generator sort
 * in creation order; the client list relies on that to break createdAt ties.
 */
const BLOCK = 36 ** 4;

const base36 = (value: number, width: number) => value.toString(36).padStart(width, "0").slice(-width);

export interface IdGenerator {
  /** An id stamped with `atMs` (or later, if the clock went back since the previous id). */
  next(atMs?: number): string;
}

export function createIdGenerator(
  random: () => number,
  fingerprint = base36(Math.floor(random() * BLOCK), 4),
): IdGenerator {
  let lastMs = 0;
  let counter = Math.floor(random() * BLOCK);
  return {
    next(atMs = Date.now()) {
      const ms = Math.max(atMs, lastMs);
      counter = ms === lastMs ? (counter + 1) % BLOCK : Math.floor(random() * (BLOCK / 2));
      lastMs = ms;
      const rand = base36(Math.floor(random() * BLOCK), 4) + base36(Math.floor(random() * BLOCK), 4);
      return `c${base36(ms, 8)}${base36(counter, 4)}${fingerprint}${rand}`;
    },
  };
}

export const CUID_PATTERN = /^c[0-9a-z]{24}$/;
