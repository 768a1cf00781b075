import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { formatChange, netChanges } from "./simulation";

const ME = "0x1111111111111111111111111111111111111111";
const VAULT = "0x9E26034CCc560895E2f38681cEE75ba0300E3ba7";
const USDC = "0xa02d248aE30afBA10d071F80aBEf9aa1f0b1605E";
const ZERO = "0x0000000000000000000000000000000000000000";

describe("netChanges", () => {
  it("a deposit: the asset leaves, the shares arrive (minted from the zero address)", () => {
    const net = netChanges(ME.toUpperCase().replace("0X", "0x"), [
      { token: USDC, from: ME, to: VAULT, value: parseUnits("100", 6) },
      { token: VAULT, from: ZERO, to: ME, value: 99_500_000n },
    ]);
    expect([...net]).toEqual([
      [USDC.toLowerCase(), -parseUnits("100", 6)],
      [VAULT.toLowerCase(), 99_500_000n],
    ]);
  });

  it("transfers between others, to oneself, and netting to zero are left out", () => {
    const other = "0x2222222222222222222222222222222222222222";
    expect(
      netChanges(ME, [
        { token: USDC, from: other, to: VAULT, value: 5n },
        { token: USDC, from: ME, to: ME, value: 7n },
        { token: VAULT, from: ME, to: other, value: 3n },
        { token: VAULT, from: other, to: ME, value: 3n },
      ]).size,
    ).toBe(0);
  });
});

describe("formatChange", () => {
  it("signs and scales by the token's decimals; unknown decimals give no amount", () => {
    expect(formatChange(-parseUnits("100", 6), 6)).toBe("−100");
    expect(formatChange(parseUnits("0.25", 18), 18)).toBe("+0.25");
    expect(formatChange(5n, null)).toBeNull();
  });
});
