import { describe, expect, it } from "vitest";
import { divideRounded, fromBaseUnits, groupDigits, isDecimal, significant, toBaseUnits } from "./decimal";

describe("exact decimals", () => {
  it("turns decimal strings into base units and back without losing a digit", () => {
    expect(toBaseUnits("0.000042000000000001", 18)).toBe(42_000_000_000_001n);
    expect(toBaseUnits("1.5", 18)).toBe(1_500_000_000_000_000_000n);
    expect(toBaseUnits("0", 18)).toBe(0n);
    expect(fromBaseUnits(42_000_000_000_001n, 18)).toBe("0.000042000000000001");
    expect(fromBaseUnits(1_500_000_000_000_000_000n, 18)).toBe("1.5");
    expect(fromBaseUnits(0n, 18)).toBe("0");
    expect(fromBaseUnits(123n, 0)).toBe("123");
    // 0.1 + 0.2 is 0.3 here.
    expect(fromBaseUnits(toBaseUnits("0.1", 18) + toBaseUnits("0.2", 18), 18)).toBe("0.3");
  });

  it("refuses what is not a plain decimal, or has more digits than the scale", () => {
    expect(isDecimal("1e-5")).toBe(false);
    expect(() => toBaseUnits("1e-5", 18)).toThrow(/not a decimal/);
    expect(() => toBaseUnits("-1", 18)).toThrow(/not a decimal/);
    expect(() => toBaseUnits("0.123", 2)).toThrow(/more than 2 decimals/);
  });

  it("divides rounding half up, groups digits and rounds to significant digits", () => {
    expect(divideRounded(10n, 4n)).toBe(3n);
    expect(divideRounded(9n, 4n)).toBe(2n);
    expect(groupDigits("1234567.891")).toBe("1,234,567.891");
    expect(groupDigits("12")).toBe("12");
    expect(significant(21_333_333_333_333n, 18, 6)).toBe("0.0000213333");
    expect(significant(21_333_350_000_000n, 18, 6)).toBe("0.0000213334");
    expect(significant(5n, 18, 6)).toBe("0.000000000000000005");
  });
});
