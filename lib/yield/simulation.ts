/**
 * What a yield run's steps will do, simulated on the chain before anything is signed: per step,
 * whether it would succeed (and its gas) or revert (and why), and how the acting address's token
 * balances move, from the simulated logs. The arithmetic is here; the chain is asked on the server.
 */
import { formatUnits } from "viem";

/** Where geth's traceTransfers (and the sandbox's) says native value moved (ERC-7528). */
export const NATIVE_TRANSFER_ADDRESS = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee";

export interface BalanceChange {
  /** The token contract, or NATIVE_TRANSFER_ADDRESS for the chain's coin. */
  token: string;
  symbol: string | null;
  decimals: number | null;
  /** Signed, in base units: what arrives is positive, what leaves negative. */
  raw: string;
  /** Signed, in token units; null when the token's decimals are unknown. */
  amount: string | null;
}

export interface SimulatedStep {
  stepIndex: number;
  title: string | null;
  outcome: "success" | "revert" | "not-simulated";
  reason: string | null;
  gasUsed: number | null;
  changes: BalanceChange[];
}

export interface RunSimulation {
  /** "all": every step in one simulation (eth_simulateV1); "first-step": the gateway offers no eth_simulateV1. */
  mode: "all" | "first-step";
  address: string;
  at: string;
  steps: SimulatedStep[];
}

export interface Transfer {
  token: string;
  from: string;
  to: string;
  value: bigint;
}

/** Net movement per token for one address, in the order tokens first move; tokens netting to zero are left out. */
export function netChanges(address: string, transfers: readonly Transfer[]): Map<string, bigint> {
  const me = address.toLowerCase();
  const net = new Map<string, bigint>();
  for (const t of transfers) {
    const token = t.token.toLowerCase();
    const from = t.from.toLowerCase();
    const to = t.to.toLowerCase();
    if (from === to) continue;
    if (from === me) net.set(token, (net.get(token) ?? 0n) - t.value);
    if (to === me) net.set(token, (net.get(token) ?? 0n) + t.value);
  }
  for (const [token, value] of net) if (value === 0n) net.delete(token);
  return net;
}

export function formatChange(raw: bigint, decimals: number | null): string | null {
  if (decimals === null) return null;
  const text = formatUnits(raw < 0n ? -raw : raw, decimals);
  return `${raw < 0n ? "−" : "+"}${text}`;
}
