import { encodeErrorResult, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import { revertReason } from "./revert-reason";

/** Revert data encoded by viem from the errors' Solidity signatures, not by the console's decoder. */
const abi = parseAbi([
  "error Error(string)",
  "error Panic(uint256)",
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)",
  "error Unlisted(uint256 x)",
]);
const SENDER = "0x1111111111111111111111111111111111111111";

describe("revertReason", () => {
  it("a reason string, as require() leaves it", () => {
    const data = encodeErrorResult({ abi, errorName: "Error", args: ["ERC20: transfer amount exceeds balance"] });
    expect(revertReason(data)).toBe("ERC20: transfer amount exceeds balance");
  });

  it("a panic, with what its code means", () => {
    expect(revertReason(encodeErrorResult({ abi, errorName: "Panic", args: [0x11n] }))).toBe(
      "panic 0x11: an arithmetic operation overflowed or underflowed",
    );
  });

  it("OpenZeppelin 5's custom errors, with their values", () => {
    const data = encodeErrorResult({
      abi,
      errorName: "ERC20InsufficientBalance",
      args: [SENDER, 5_000_000n, 100_000_000n],
    });
    expect(revertReason(data)).toBe(
      `insufficient token balance: ${SENDER} holds 5,000,000, needs 100,000,000 (base units)`,
    );
    const vault = encodeErrorResult({ abi, errorName: "ERC4626ExceededMaxDeposit", args: [SENDER, 7n, 3n] });
    expect(revertReason(vault)).toBe(`ERC4626ExceededMaxDeposit(${SENDER}, 7, 3)`);
  });

  it("an unknown error by its selector; no data by the node's words or a plain sentence", () => {
    const data = encodeErrorResult({ abi, errorName: "Unlisted", args: [1n] });
    expect(revertReason(data)).toBe(
      `it reverted with an error the console does not know (selector ${data.slice(0, 10)})`,
    );
    expect(revertReason("0x", "execution reverted")).toBe("execution reverted");
    expect(revertReason(undefined)).toBe("it reverted without a reason");
  });
});
