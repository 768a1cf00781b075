/**
 * The gas page's state as it lives in the URL (`?chains=eip155:1,eip155:8453&range=24`): one set
 * of nuqs parsers shared by the page (server) and the view (client), and the check that turns it
 * into chains the page may ask for, explaining whatever it dropped.
 */
import { createLoader, parseAsArrayOf, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { EVM_CHAINS } from "@/lib/chains";
import { DEFAULT_GAS_RANGE, GAS_RANGES } from "./range";

/** The chains the picker offers: every eip155 chain the spec names (gas sponsorship is EVM only), A–Z. */
export const GAS_CHAINS: readonly string[] = EVM_CHAINS;

/** Enough to compare; more lines than this would not be told apart in one chart. */
export const MAX_GAS_CHAINS = 8;
export const DEFAULT_GAS_CHAINS = ["eip155:1"];

/** URL keys: short and stable (shared links depend on them). */
export const gasUrlParsers = {
  chains: parseAsArrayOf(parseAsString).withDefault(DEFAULT_GAS_CHAINS),
  range: parseAsStringLiteral(GAS_RANGES).withDefault(DEFAULT_GAS_RANGE),
};

export const loadGasUrl = createLoader(gasUrlParsers);

/** The chains to show (known, eip155, once each, at most MAX_GAS_CHAINS) and a note on anything dropped. */
export function validGasChains(requested: readonly string[]): { chains: string[]; note?: string } {
  const unique = [...new Set(requested.map((c) => c.trim()).filter(Boolean))];
  const unknown = unique.filter((c) => !GAS_CHAINS.includes(c));
  const known = unique.filter((c) => GAS_CHAINS.includes(c));
  const chains = known.slice(0, MAX_GAS_CHAINS);
  const notes: string[] = [];
  if (unknown.length > 0)
    notes.push(
      `${unknown.map((c) => `“${c.slice(0, 40)}”`).join(", ")} ${unknown.length === 1 ? "is not an EVM chain" : "are not EVM chains"} the console knows, so ${unknown.length === 1 ? "it was" : "they were"} left out.`,
    );
  if (known.length > chains.length) notes.push(`Only ${MAX_GAS_CHAINS} chains can be compared at once.`);
  return notes.length > 0 ? { chains, note: notes.join(" ") } : { chains };
}
