/**
 * Why a call would revert, in words, from the revert data a node returns for eth_call: a reason
 * string (`Error(string)`), a panic code, or one of the common custom errors of token and vault
 * contracts (OpenZeppelin 5's ERC-20 and ERC-4626 errors). Anything else is named by its selector.
 */
import { decodeErrorResult, formatUnits, parseAbi, type Hex } from "viem";

const KNOWN_ERRORS = parseAbi([
  "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
  "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
  "error ERC20InvalidSender(address sender)",
  "error ERC20InvalidReceiver(address receiver)",
  "error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)",
  "error ERC4626ExceededMaxWithdraw(address owner, uint256 assets, uint256 max)",
  "error ERC4626ExceededMaxRedeem(address owner, uint256 shares, uint256 max)",
  "error SafeERC20FailedOperation(address token)",
]);

/** Solidity's panic codes (0x01 assert, 0x11 overflow, …), as the compiler documents them. */
const PANICS: Record<number, string> = {
  0x01: "an assertion failed",
  0x11: "an arithmetic operation overflowed or underflowed",
  0x12: "division or modulo by zero",
  0x21: "a value out of range was converted to an enum",
  0x22: "a storage byte array was encoded incorrectly",
  0x31: "pop() on an empty array",
  0x32: "an array index out of bounds",
  0x41: "too much memory was allocated",
  0x51: "a zero-initialised function was called",
};

const words = (n: bigint) => n.toLocaleString("en");

export function revertReason(data: Hex | undefined | null, fallback?: string): string {
  if (!data || data === "0x") return fallback ?? "it reverted without a reason";
  try {
    const decoded = decodeErrorResult({ abi: KNOWN_ERRORS, data });
    const args = (decoded.args ?? []) as readonly unknown[];
    // viem adds Error(string) and Panic(uint256) to any ABI it decodes with.
    switch (decoded.errorName as string) {
      case "Error":
        return String(args[0]);
      case "Panic": {
        const code = Number(args[0]);
        return `panic 0x${code.toString(16).padStart(2, "0")}: ${PANICS[code] ?? "an unknown panic"}`;
      }
      case "ERC20InsufficientBalance":
        return `insufficient token balance: ${args[0]} holds ${words(args[1] as bigint)}, needs ${words(args[2] as bigint)} (base units)`;
      case "ERC20InsufficientAllowance":
        return `insufficient allowance: ${args[0]} may spend ${words(args[1] as bigint)}, needs ${words(args[2] as bigint)} (base units)`;
      default:
        return `${decoded.errorName}(${args.map((a) => (typeof a === "bigint" ? formatUnits(a, 0) : String(a))).join(", ")})`;
    }
  } catch {
    return `it reverted with an error the console does not know (selector ${data.slice(0, 10)})`;
  }
}
