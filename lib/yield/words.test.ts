import { describe, expect, it } from "vitest";
import { enumWords, runActionWords, withUnit } from "./words";

describe("yield words", () => {
  it("says the provider's names in words", () => {
    expect(enumWords("CLAIM_REWARDS")).toBe("Claim rewards");
    expect(enumWords("APPROVAL")).toBe("Approval");
    expect(enumWords("withdrawable")).toBe("Withdrawable");
  });

  it("names a run by its intent, or by its managing action", () => {
    expect(runActionWords("enter", "STAKE")).toBe("Enter");
    expect(runActionWords("manage", "CLAIM_REWARDS")).toBe("Claim rewards");
    expect(runActionWords("manage", null)).toBe("Manage");
  });

  it("puts the unit after an amount", () => {
    expect(withUnit("10", "USDC")).toBe("10 USDC");
    expect(withUnit("10", null)).toBe("10");
  });
});
