/**
 * The spec's EVM chains where custodians usually sponsor account-abstracted transactions: the sandbox
 * seeds gas-sponsorship history for them, and the overview reads them (so the first page after sign-in
 * costs a bounded number of upstream requests; /gas reads any chain).
 */
export const USUAL_SPONSORED_CHAINS = [
  "eip155:1",
  "eip155:11155111",
  "eip155:8453",
  "eip155:84532",
  "eip155:137",
  "eip155:80002",
  "eip155:42161",
  "eip155:10",
] as const;
