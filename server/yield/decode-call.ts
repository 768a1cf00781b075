import "server-only";
import { type Hex, decodeFunctionData, formatUnits, parseAbi } from "viem";
import type { DecodedCall } from "@/lib/yield/runs";

/**
 * Calldata decoded where the ABI is known: ERC-20 approve/transfer, ERC-4626 vaults, and the
 * staking contracts of the sandbox's yields (stake, unstake, withdraw, claim, redeem). Anything
 * else is shown as raw data (method null).
 */
const KNOWN = parseAbi([
  "function approve(address spender, uint256 amount)",
  "function transfer(address to, uint256 amount)",
  "function transferFrom(address from, address to, uint256 amount)",
  "function deposit(uint256 assets, address receiver)",
  "function mint(uint256 shares, address receiver)",
  "function withdraw(uint256 assets, address receiver, address owner)",
  "function redeem(uint256 shares, address receiver, address owner)",
  "function stake(uint256 amount)",
  "function stake()",
  "function unstake(uint256 amount)",
  "function withdraw()",
  "function claimRewards()",
  "function restakeRewards()",
  "function redeem(uint256 shares)",
]);

/** Arguments that are amounts of the yield's token (not of vault shares), so they carry its symbol. */
const TOKEN_AMOUNTS = new Set(["amount", "assets"]);

/**
 * Decodes `data`; amounts (uint256) are also shown in the token's units when `decimals` is known,
 * with the token's symbol on the arguments that are amounts of that token ("10000000 (10 USDC)").
 */
export function decodeCall(data: string | undefined | null, decimals?: number, symbol?: string): DecodedCall | null {
  if (!data || data === "0x") return null;
  try {
    const decoded = decodeFunctionData({ abi: KNOWN, data: data as Hex });
    const fn = KNOWN.find(
      (item) =>
        item.type === "function" &&
        item.name === decoded.functionName &&
        item.inputs.length === (decoded.args?.length ?? 0),
    );
    const inputs = fn && fn.type === "function" ? fn.inputs : [];
    return {
      method: decoded.functionName,
      args: (decoded.args ?? []).map((value, i) => {
        const input = inputs[i];
        const text =
          typeof value === "bigint"
            ? decimals !== undefined && value < 2n ** 255n
              ? `${value.toString()} (${formatUnits(value, decimals)}${
                  symbol && input && TOKEN_AMOUNTS.has(input.name) ? ` ${symbol}` : ""
                })`
              : value.toString()
            : String(value);
        return { name: input?.name ?? `arg${i}`, value: text };
      }),
    };
  } catch {
    return { method: null, args: [{ name: "data", value: data }] };
  }
}
