/**
 * The eip155 chains the sandbox serves: every EVM reference the spec names (assets list, build-transaction
 * names, yield networks). A chain costs nothing until its first use, so serving them all keeps every
 * documented chain id usable against the sandbox. lib/chains/index.ts owns the alias tables; this list only
 * decides which local chains may exist.
 */
export const SERVED_REFERENCES: readonly number[] = [
  1, 10, 56, 88, 97, 100, 130, 137, 143, 146, 250, 324, 999, 1116, 1284, 1285, 8453, 9745, 10143, 42161, 42220, 43114,
  44787, 59144, 80001, 80002, 84531, 84532, 747474, 11155111, 11155420, 1666600000,
];

/** Started when the sandbox starts, so the chains the console shows first answer at once. */
export const BOOT_REFERENCES: readonly number[] = [11155111, 84532];

/** A reference as it appears in a URL or CAIP-2 id: digits, no sign, no leading zero. */
export function parseReference(text: string): number | undefined {
  if (!/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}
