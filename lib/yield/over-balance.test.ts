import { describe, expect, it } from "vitest";
import { SOLANA_MAINNET } from "../chains";
import { overBalance, providerArgumentRefusal } from "./over-balance";

const held = { amount: "1635.91", symbol: "USDC", network: SOLANA_MAINNET };

describe("an amount over the wallet's balance", () => {
  it("is said for more than the balance, in the token and the chain's name", () => {
    expect(overBalance("1635.92", held)).toMatch(/^More than the wallet holds: 1,?635\.91 USDC on Solana/);
    expect(overBalance("10000", held)).not.toBeNull();
  });
  it("is not said for the balance itself or less, a half-typed amount, or an unknown balance", () => {
    for (const amount of ["1635.91", "1635.910", "0.5", "", "12.", "abc"]) expect(overBalance(amount, held)).toBeNull();
    expect(overBalance("5", { ...held, amount: null })).toBeNull();
    expect(overBalance("5", undefined)).toBeNull();
  });
});

describe("the provider's refusal of an argument", () => {
  it("names the field and says the rest in a sentence", () => {
    expect(providerArgumentRefusal("arguments.amount: 5 USDC is more than the wallet holds (1.2)")).toEqual({
      field: "arguments.amount",
      message: "The provider refused the amount: 5 USDC is more than the wallet holds (1.2).",
    });
    expect(providerArgumentRefusal("arguments.validatorAddress: Is not a validator.")).toEqual({
      field: "arguments.validatorAddress",
      message: "The provider refused the validatorAddress: is not a validator.",
    });
  });
  it("leaves any other message alone", () => {
    for (const message of [undefined, "", "amount: 5", "Something failed", "arguments.: x"])
      expect(providerArgumentRefusal(message)).toBeNull();
  });
});
