import { randomBytes } from "node:crypto";

let counter = 0;

/** cuid-like ids (25 characters starting with "c"), the shape of the real service's share pair and wallet ids. */
export function newId(): string {
  counter = (counter + 1) % 36 ** 4;
  const random = BigInt(`0x${randomBytes(8).toString("hex")}`)
    .toString(36)
    .padStart(12, "0")
    .slice(-12);
  return `c${Date.now().toString(36).padStart(8, "0")}${counter.toString(36).padStart(4, "0")}${random}`;
}
