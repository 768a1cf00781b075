/**
 * A wallet's position in a pool, read from the chain at the current chain time (the "pending" block:
 * the wall clock plus any time a developer added), so interest and rewards show as they accrue, and
 * the balance objects of POST /yields/balances built from it.
 */
import { type Address, type Hex, decodeFunctionResult, encodeFunctionData, formatUnits } from "viem";
import type { YieldBalance } from "@/lib/contracts";
import type { ChainRegistry } from "../types";
import { liquidStakingAbi, stakingAbi, vaultAbi } from "./abi";
import { type Opportunity, tokenJson } from "./catalogue";
import type { PassthroughSigner } from "./passthrough";
import { usdValue } from "./prices";

export interface Position {
  /** Vaults and liquid staking: the shares held and what they are worth now. */
  shares: bigint;
  /** Assets earning: the shares' value, or the staked amount. */
  active: bigint;
  cooling: bigint;
  /** Unix seconds; 0 when nothing cools down. */
  cooldownEnd: number;
  rewards: bigint;
  /** The chain's time now (seconds). */
  now: number;
}

type Requester = (method: string, params: unknown[]) => Promise<unknown>;

async function call(request: Requester, to: Address, data: Hex): Promise<Hex> {
  return (await request("eth_call", [{ to, data }, "pending"])) as Hex;
}

export async function chainTime(request: Requester): Promise<number> {
  return Number(((await request("eth_getBlockByNumber", ["pending", false])) as { timestamp: Hex }).timestamp);
}

export async function readPosition(chains: ChainRegistry, o: Opportunity, address: Address): Promise<Position> {
  const request: Requester = (method, params) => chains.request(o.reference, method, params);
  const now = await chainTime(request);
  if (o.spec.kind === "staking") {
    const raw = await call(
      request,
      o.pool,
      encodeFunctionData({ abi: stakingAbi, functionName: "accountOf", args: [address] }),
    );
    const [staked, cooling, cooldownEnd, rewards] = decodeFunctionResult({
      abi: stakingAbi,
      functionName: "accountOf",
      data: raw,
    });
    return { shares: 0n, active: staked, cooling, cooldownEnd: Number(cooldownEnd), rewards, now };
  }
  const abi = o.spec.kind === "vault" ? vaultAbi : liquidStakingAbi;
  const shares = decodeFunctionResult({
    abi,
    functionName: "balanceOf",
    data: await call(request, o.pool, encodeFunctionData({ abi, functionName: "balanceOf", args: [address] })),
  });
  const active =
    shares === 0n
      ? 0n
      : decodeFunctionResult({
          abi,
          functionName: "convertToAssets",
          data: await call(
            request,
            o.pool,
            encodeFunctionData({ abi, functionName: "convertToAssets", args: [shares] }),
          ),
        });
  return { shares, active, cooling: 0n, cooldownEnd: 0, rewards: 0n, now };
}

export function isEmpty(p: Position): boolean {
  return p.shares === 0n && p.active === 0n && p.cooling === 0n && p.rewards === 0n;
}

/** The pending actions a balance type offers, as (type, arguments) pairs. */
export function pendingActionTypes(o: Opportunity, balanceType: string): string[] {
  if (balanceType === "claimable") return ["CLAIM_REWARDS", "RESTAKE_REWARDS"];
  if (balanceType === "withdrawable") return ["WITHDRAW"];
  return [];
}

/** The balance objects of a position (api-shapes §4.6): active, exiting, withdrawable, claimable. */
export function balancesOf(
  o: Opportunity,
  address: Address,
  p: Position,
  signer: PassthroughSigner,
  origin: string,
): YieldBalance[] {
  const token = tokenJson(o.token, o.chainId, origin);
  const out: YieldBalance[] = [];
  const balance = (
    type: YieldBalance["type"],
    raw: bigint,
    isEarning: boolean,
    extra: Record<string, unknown> = {},
  ): YieldBalance => {
    const amount = formatUnits(raw, o.token.decimals);
    return {
      address,
      type,
      amount,
      amountRaw: raw.toString(),
      amountUsd: usdValue(amount, o.token.symbol),
      token,
      isEarning,
      pendingActions: pendingActionTypes(o, type).map((actionType) => ({
        intent: "manage",
        type: actionType,
        passthrough: signer.sign({ yieldId: o.id, address, type: actionType, balanceType: type }),
        arguments: null,
      })),
      ...extra,
    };
  };
  if (p.active > 0n || p.shares > 0n) {
    const shareFields =
      o.outputToken && p.shares > 0n
        ? {
            shareAmount: formatUnits(p.shares, o.outputToken.decimals),
            shareAmountRaw: p.shares.toString(),
            shareToken: tokenJson(o.outputToken, o.chainId, origin),
          }
        : {};
    out.push(balance("active", p.active, true, shareFields));
  }
  if (p.cooling > 0n) {
    const ready = p.now >= p.cooldownEnd;
    out.push(
      balance(ready ? "withdrawable" : "exiting", p.cooling, false, {
        date: new Date(p.cooldownEnd * 1000).toISOString(),
      }),
    );
  }
  if (p.rewards > 0n) out.push(balance("claimable", p.rewards, false));
  return out;
}
