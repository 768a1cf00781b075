/**
 * A built transfer as a person checks it before signing: who pays, who receives, which token, how
 * much. Each family's response names these differently (api-shapes §1.7); each summariser reads its
 * own shape and says where a value came from when the response did not carry it.
 */
import { formatUnits } from "viem";

/** Where a value came from when it is not in the response. */
export type RowSource = "request" | "client record" | "unsigned message";

export interface SummaryRow {
  label: string;
  value: string;
  /** Addresses, hashes and numbers in base units are shown in a monospace face. */
  mono?: boolean;
  source?: RowSource;
}

export interface TransferSummary {
  rows: SummaryRow[];
  /** Places where the built transaction does not match what was asked for. */
  mismatches: string[];
}

/** What the form sent, and how it named the token to a person. */
export interface TransferRequest {
  to: string;
  token: string;
  /** The symbol of the chosen token, or the address typed in. */
  tokenLabel: string;
  amount: string;
}

/** The same decimal amount written two ways ("1.50" and "1.5")? */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (v: string) => {
    const [whole = "0", fraction = ""] = v.trim().split(".");
    const w = whole.replace(/^0+(?=\d)/, "");
    const f = fraction.replace(/0+$/, "");
    return f ? `${w}.${f}` : w;
  };
  return norm(a) === norm(b);
}

/** A base-unit integer given in decimal or as a 0x hex quantity (JSON-RPC's encoding). */
export function baseUnits(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  return /^\d+$/.test(v) || /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined;
}

export function humanAmount(raw: bigint | undefined, decimals: number | undefined): string | undefined {
  return raw === undefined || decimals === undefined ? undefined : formatUnits(raw, decimals);
}
