/**
 * The calls behind each action: what an enter, exit or manage needs the wallet to send, in order.
 * An ERC-20 enter is an approval (skipped when the allowance already covers the amount) followed by
 * the deposit or stake; everything else is one call.
 */
import { type Address, type Hex, encodeFunctionData, formatUnits } from "viem";
import { erc20Abi, liquidStakingAbi, stakingAbi, vaultAbi } from "./abi";
import type { Opportunity } from "./catalogue";

export interface Step {
  type: string;
  title: string;
  description: string;
  to: Address;
  data: Hex;
  value: bigint;
  /** An approval that is not needed: recorded as SKIPPED, nothing to sign. */
  skipped?: boolean;
  annotation: { method: string; inputs: Record<string, string> };
  /** Gas limit when the call cannot be estimated yet (it depends on an earlier step). */
  fallbackGas: bigint;
}

const units = (o: Opportunity, raw: bigint) => `${formatUnits(raw, o.token.decimals)} ${o.token.symbol}`;

export function approvalStep(o: Opportunity, owner: Address, raw: bigint, allowance: bigint): Step {
  const token = o.token.address as Address;
  return {
    type: "APPROVAL",
    title: `Approve ${o.token.symbol}`,
    description:
      allowance >= raw
        ? `Skipped: the pool may already spend ${units(o, allowance)} of ${owner}'s ${o.token.symbol}`
        : `Allow the pool ${o.pool} to take ${units(o, raw)} from the wallet`,
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [o.pool, raw] }),
    value: 0n,
    skipped: allowance >= raw,
    annotation: { method: "approve", inputs: { spender: o.pool, amount: raw.toString() } },
    fallbackGas: 70_000n,
  };
}

export function enterStep(o: Opportunity, owner: Address, raw: bigint): Step {
  if (o.spec.kind === "vault")
    return {
      type: "SUPPLY",
      title: `Supply ${o.token.symbol}`,
      description: `Deposit ${units(o, raw)} into the vault for shares`,
      to: o.pool,
      data: encodeFunctionData({ abi: vaultAbi, functionName: "deposit", args: [raw, owner] }),
      value: 0n,
      annotation: { method: "deposit", inputs: { assets: raw.toString(), receiver: owner } },
      fallbackGas: 300_000n,
    };
  if (o.spec.kind === "liquid-staking")
    return {
      type: "STAKE",
      title: `Stake ${o.token.symbol}`,
      description: `Stake ${units(o, raw)} for ${o.outputToken?.symbol ?? "shares"}`,
      to: o.pool,
      data: encodeFunctionData({ abi: liquidStakingAbi, functionName: "stake" }),
      value: raw,
      annotation: { method: "stake", inputs: { value: raw.toString() } },
      fallbackGas: 300_000n,
    };
  return {
    type: "STAKE",
    title: `Stake ${o.token.symbol}`,
    description: `Stake ${units(o, raw)}`,
    to: o.pool,
    data: encodeFunctionData({ abi: stakingAbi, functionName: "stake", args: [raw] }),
    value: o.token.address === null ? raw : 0n,
    annotation: { method: "stake", inputs: { amount: raw.toString() } },
    fallbackGas: 300_000n,
  };
}

/** Exit `raw` of the position; `allShares` set redeems every share instead (vaults, liquid staking). */
export function exitStep(o: Opportunity, owner: Address, raw: bigint, allShares?: bigint): Step {
  if (o.spec.kind === "vault") {
    const data =
      allShares === undefined
        ? encodeFunctionData({ abi: vaultAbi, functionName: "withdraw", args: [raw, owner, owner] })
        : encodeFunctionData({ abi: vaultAbi, functionName: "redeem", args: [allShares, owner, owner] });
    return {
      type: "WITHDRAW",
      title: `Withdraw ${o.token.symbol}`,
      description:
        allShares === undefined
          ? `Withdraw ${units(o, raw)} from the vault`
          : `Redeem every vault share (≈ ${units(o, raw)})`,
      to: o.pool,
      data,
      value: 0n,
      annotation:
        allShares === undefined
          ? { method: "withdraw", inputs: { assets: raw.toString(), receiver: owner, owner } }
          : { method: "redeem", inputs: { shares: allShares.toString(), receiver: owner, owner } },
      fallbackGas: 300_000n,
    };
  }
  if (o.spec.kind === "liquid-staking") {
    const data =
      allShares === undefined
        ? encodeFunctionData({ abi: liquidStakingAbi, functionName: "unstake", args: [raw] })
        : encodeFunctionData({ abi: liquidStakingAbi, functionName: "redeem", args: [allShares] });
    return {
      type: "UNSTAKE",
      title: `Unstake ${o.token.symbol}`,
      description:
        allShares === undefined
          ? `Unstake ${units(o, raw)}`
          : `Redeem every ${o.outputToken?.symbol ?? "share"} (≈ ${units(o, raw)})`,
      to: o.pool,
      data,
      value: 0n,
      annotation:
        allShares === undefined
          ? { method: "unstake", inputs: { assets: raw.toString() } }
          : { method: "redeem", inputs: { shares: allShares.toString() } },
      fallbackGas: 300_000n,
    };
  }
  return {
    type: "UNSTAKE",
    title: `Unstake ${o.token.symbol}`,
    description:
      o.cooldownSeconds > 0
        ? `Unstake ${units(o, raw)}; it can be withdrawn after the ${o.cooldownSeconds / 86_400}-day cooldown`
        : `Unstake ${units(o, raw)}`,
    to: o.pool,
    data: encodeFunctionData({ abi: stakingAbi, functionName: "unstake", args: [raw] }),
    value: 0n,
    annotation: { method: "unstake", inputs: { amount: raw.toString() } },
    fallbackGas: 300_000n,
  };
}

export function manageStep(o: Opportunity, action: string, raw: bigint): Step {
  const base = { to: o.pool, value: 0n, fallbackGas: 300_000n };
  if (action === "WITHDRAW")
    return {
      ...base,
      type: "WITHDRAW",
      title: `Withdraw ${o.token.symbol}`,
      description: `Withdraw ${units(o, raw)} whose cooldown has passed`,
      data: encodeFunctionData({ abi: stakingAbi, functionName: "withdraw" }),
      annotation: { method: "withdraw", inputs: {} },
    };
  if (action === "RESTAKE_REWARDS")
    return {
      ...base,
      type: "RESTAKE_REWARDS",
      title: `Restake ${o.token.symbol} rewards`,
      description: `Add ${units(o, raw)} of rewards to the stake`,
      data: encodeFunctionData({ abi: stakingAbi, functionName: "restakeRewards" }),
      annotation: { method: "restakeRewards", inputs: {} },
    };
  return {
    ...base,
    type: "CLAIM_REWARDS",
    title: `Claim ${o.token.symbol} rewards`,
    description: `Claim ${units(o, raw)} of rewards`,
    data: encodeFunctionData({ abi: stakingAbi, functionName: "claimRewards" }),
    annotation: { method: "claimRewards", inputs: {} },
  };
}
