import { describe, expect, it } from "vitest";
import { faucetGiftWords } from "./faucet";

describe("what the pages say the sandbox's faucet gives", () => {
  it("names every amount in words people read, on the EVM chains only", () => {
    expect(faucetGiftWords()).toBe(
      "on every EVM chain: 10 of the chain's own coin (ETH, POL, BNB…), 10,000 USDC, 10,000 USDT, 100 LINK and 10 WETH. " +
        "Solana, Bitcoin, Tron and Stellar have no faucet: the sandbox shows simulated balances there",
    );
  });

  it("does not promise anything on every chain", () => {
    expect(faucetGiftWords()).not.toMatch(/every chain/);
  });
});
