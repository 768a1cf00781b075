"use client";
import { useQueryStates } from "nuqs";
import type { GasRange } from "@/lib/gas/range";
import { gasUrlParsers, validGasChains } from "@/lib/gas/search-params";

/**
 * The chains and range from the URL (the parsers the page uses on the server), checked: a
 * hand-edited URL keeps what is valid and `note` says what was dropped.
 */
export function useGasUrl() {
  const [state, setState] = useQueryStates(gasUrlParsers, { history: "push" });
  const { chains, note } = validGasChains(state.chains);
  return {
    chains,
    range: state.range,
    note,
    setChains: (next: string[]) => void setState({ chains: next }),
    setRange: (next: GasRange) => void setState({ range: next }),
  };
}
