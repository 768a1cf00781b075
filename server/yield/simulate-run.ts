import "server-only";
import { toHex, type Hex } from "viem";
import { chainInfo } from "@/lib/chains";
import { unsignedEvmTransactionFromJsonSchema } from "@/lib/contracts";
import { revertReason } from "@/lib/yield/revert-reason";
import {
  formatChange,
  NATIVE_TRANSFER_ADDRESS,
  netChanges,
  type BalanceChange,
  type RunSimulation,
  type SimulatedStep,
  type Transfer,
} from "@/lib/yield/simulation";
import { getDb } from "@/server/db";
import { chainRpc } from "@/server/wallets/chain-rpc";
import { decodeTransfer, tokenFacts } from "@/server/wallets/erc20-facts";
import { getRunRow, getSteps } from "./runs-store";

interface SimCall {
  status: Hex;
  returnData?: Hex;
  gasUsed?: Hex;
  logs?: { address: string; topics: Hex[]; data: Hex }[];
  error?: { message?: string; data?: Hex };
}

/**
 * The run's steps simulated together on the chain's latest state through the upstream's gateway
 * (eth_simulateV1, each step a block of its own so each sees what the previous left, validation off,
 * traceTransfers on), from the acting address (an account-abstracted client's smart account: the
 * inner calls). A gateway without eth_simulateV1 gets the first step alone (eth_call), the others
 * marked not simulated. Nothing is signed or sent.
 */
export function simulateRun(runId: string): Promise<RunSimulation> {
  // One simulation of a run at a time: people reloading its page join the one under way (each holds
  // the sandbox's chain while it runs, and costs the gateway several requests).
  const going = inFlight.get(runId);
  if (going) return going;
  const started = simulate(runId).finally(() => inFlight.delete(runId));
  inFlight.set(runId, started);
  return started;
}

const inFlight = new Map<string, Promise<RunSimulation>>();

async function simulate(runId: string): Promise<RunSimulation> {
  const db = await getDb();
  const run = await getRunRow(db, runId);
  const steps = (await getSteps(db, runId)).filter((s) => s.phase !== "skipped" && s.unsignedTransaction);
  const rpc = chainRpc(run.chainId);
  const txs = steps.map((s) => {
    const tx = unsignedEvmTransactionFromJsonSchema.parse(s.unsignedTransaction);
    return {
      from: run.address,
      to: tx.to,
      data: tx.data ?? "0x",
      value: tx.value === undefined ? "0x0" : toHex(BigInt(tx.value)),
    };
  });
  const at = new Date().toISOString();
  const blocks =
    txs.length === 0
      ? []
      : await rpc.simulateV1<{ calls: SimCall[] }[]>({
          blockStateCalls: txs.map((call) => ({ calls: [call] })),
          validation: false,
          traceTransfers: true,
        });
  if (blocks === undefined) {
    const [first] = txs;
    const outcome = first ? await rpc.simulate(first) : { ok: true as const };
    return {
      mode: "first-step",
      address: run.address,
      at,
      steps: steps.map((s, i) => ({
        stepIndex: s.stepIndex,
        title: s.title ?? s.type,
        outcome: i > 0 ? "not-simulated" : outcome.ok ? "success" : "revert",
        reason: i === 0 && !outcome.ok ? outcome.reason : null,
        gasUsed: null,
        changes: [],
      })),
    };
  }
  const facts = new Map<string, Promise<{ symbol: string | null; decimals: number | null }>>();
  const tokenOf = (token: string) => {
    if (token === NATIVE_TRANSFER_ADDRESS) {
      const native = chainInfo(run.chainId);
      return Promise.resolve({ symbol: native?.nativeSymbol ?? "native", decimals: native?.nativeDecimals ?? 18 });
    }
    const known = facts.get(token) ?? tokenFacts(rpc, token);
    facts.set(token, known);
    return known;
  };
  const simulated: SimulatedStep[] = await Promise.all(
    steps.map(async (s, i) => {
      const call = blocks[i]?.calls[0];
      if (!call)
        return {
          stepIndex: s.stepIndex,
          title: s.title ?? s.type,
          outcome: "not-simulated" as const,
          reason: null,
          gasUsed: null,
          changes: [],
        };
      const ok = call.status === "0x1";
      return {
        stepIndex: s.stepIndex,
        title: s.title ?? s.type,
        outcome: ok ? ("success" as const) : ("revert" as const),
        reason: ok ? null : revertReason(call.error?.data ?? call.returnData, call.error?.message),
        // A reverted call's gas is not reported by every gateway (the sandbox gives 0).
        gasUsed: ok && call.gasUsed ? Number(BigInt(call.gasUsed)) : null,
        changes: ok ? await changesOf(run.address, call, tokenOf) : [],
      };
    }),
  );
  return { mode: "all", address: run.address, at, steps: simulated };
}

async function changesOf(
  address: string,
  call: SimCall,
  tokenOf: (token: string) => Promise<{ symbol: string | null; decimals: number | null }>,
): Promise<BalanceChange[]> {
  const transfers: Transfer[] = [];
  for (const log of call.logs ?? []) {
    const t = decodeTransfer(log);
    if (t) transfers.push({ token: log.address.toLowerCase(), from: t.from, to: t.to, value: t.value });
  }
  return Promise.all(
    [...netChanges(address, transfers)].map(async ([token, raw]) => {
      const { symbol, decimals } = await tokenOf(token);
      return { token, symbol, decimals, raw: raw.toString(), amount: formatChange(raw, decimals) };
    }),
  );
}
