/**
 * What the sandbox's faucet gives each wallet it funds: once on every EVM chain the sandbox runs,
 * the chain's own coin and four test tokens. The sandbox pays from this table
 * (sandbox/chain/test-tokens.ts) and the console's pages say what it pays from the same table, so the
 * two cannot drift. Solana, Bitcoin, Tron and Stellar have no chain in the sandbox and so no faucet:
 * their balances there are simulated (a fixed amount per client and chain), never these.
 */

export interface FaucetToken {
  symbol: "USDC" | "USDT" | "LINK" | "WETH";
  name: string;
  decimals: number;
  /** Whole units the faucet gives each wallet, on each EVM chain. */
  drip: string;
}

/** Deployment order matters to the sandbox: the deployer's nonce fixes each token's address. */
export const FAUCET_TOKENS: readonly FaucetToken[] = [
  { symbol: "USDC", name: "USD Coin", decimals: 6, drip: "10000" },
  { symbol: "USDT", name: "Tether USD", decimals: 6, drip: "10000" },
  { symbol: "LINK", name: "ChainLink Token", decimals: 18, drip: "100" },
  { symbol: "WETH", name: "Wrapped Ether", decimals: 18, drip: "10" },
];

/** Whole units of the chain's own coin the faucet gives each wallet, on each EVM chain. */
export const FAUCET_NATIVE_DRIP = "10";

const wholeUnits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 18 });
const amount = (units: string) => wholeUnits.format(Number(units));

/**
 * The faucet's gift in words: "on every EVM chain: 10 of the chain's own coin (ETH, POL, BNB…),
 * 10,000 USDC, … and 10 WETH; Solana, Bitcoin, Tron and Stellar have no faucet …".
 */
export function faucetGiftWords(): string {
  const tokens = FAUCET_TOKENS.map((t) => `${amount(t.drip)} ${t.symbol}`);
  const gift = [`${amount(FAUCET_NATIVE_DRIP)} of the chain's own coin (ETH, POL, BNB…)`, ...tokens];
  return (
    `on every EVM chain: ${gift.slice(0, -1).join(", ")} and ${gift.at(-1)}. ` +
    "Solana, Bitcoin, Tron and Stellar have no faucet: the sandbox shows simulated balances there"
  );
}
