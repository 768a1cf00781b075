/** What the overview's cards read. */
export interface GasThisMonth {
  /** "November 2026" (UTC). */
  month: string;
  /** Usage in the chain's native unit (symbol), as the upstream reports it. */
  chains: { chainId: string; label: string; symbol: string; usage: string; txCount: number }[];
  /** Chains whose usage could not be read (the card says so instead of leaving them out silently). */
  unreadable: string[];
}
