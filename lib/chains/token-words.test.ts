import { describe, expect, it } from "vitest";
import { tokenWords } from "./token-words";

describe("a token in words", () => {
  it.each([
    ["eip155:11155111", "ETH"],
    ["eip155:137", "POL"],
    ["eip155:56", "BNB"],
    ["solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "SOL"],
    ["bip122:000000000933ea01ad0ee984209779ba-p2wpkh", "BTC"],
  ])("calls NATIVE on %s by its coin, %s", (chain, coin) => {
    expect(tokenWords(chain, "NATIVE")).toBe(coin);
    expect(tokenWords(chain, "native")).toBe(coin);
  });

  it("does not make up a coin for a chain it does not know", () => {
    expect(tokenWords("eip155:999999", "NATIVE")).toBe("the chain's coin");
    expect(tokenWords(undefined, "NATIVE")).toBe("the chain's coin");
  });

  it("names the issuers' own stablecoin addresses by symbol, on their chain only", () => {
    expect(tokenWords("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(
      "USDC",
    );
    expect(tokenWords("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU")).toBe(
      "USDC",
    );
    expect(tokenWords("eip155:1", "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")).toBe("USDC");
    expect(tokenWords("tron:mainnet", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("USDT");
    // Mainnet's USDC mint on devnet is no known token there.
    expect(tokenWords("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBe(
      "token EPjFWd…Dt1v",
    );
  });

  it("keeps a symbol, and shortens an address nobody named", () => {
    expect(tokenWords("eip155:1", "USDC")).toBe("USDC");
    expect(tokenWords("eip155:1", "0x5fbdb2315678afecb367f032d93f642f64180aa3")).toBe("token 0x5fbd…0aa3");
  });
});
