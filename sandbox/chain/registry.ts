/**
 * The ChainRegistry of sandbox/types.ts over local EDR chains: a chain per served eip155 reference,
 * started on first use, sharing the compiled contracts, the transfer listeners and the faucet's list of
 * wallets. The list of funded wallets is kept per registry (funded.jsonl) so a chain started later, or
 * for the first time after a restart, pays every wallet the sandbox already funded elsewhere.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, isAddress } from "viem";
import { loadArtifacts } from "../solidity/compile";
import type { ChainRegistry, ChainTransfer, TestToken } from "../types";
import { RPC_INVALID_PARAMS, RpcError } from "./errors";
import type { ExtensionPlan } from "./extensions";
import { LocalChain } from "./local-chain";
import { BOOT_REFERENCES, SERVED_REFERENCES } from "./references";

export interface ChainRegistryOptions {
  /** What each chain deploys and funds at start beyond the faucet and tokens (sandbox/genesis-extensions.ts). */
  extensions: ExtensionPlan;
  /** Directory for the journals (one per chain) and the funded list; undefined keeps everything in memory. */
  dataDir?: string;
  /** SANDBOX_BLOCK_TIME_MS: 0 mines a block per transaction. */
  blockTimeMs?: number;
  /** Chains `start()` brings up; default sepolia (11155111) and base-sepolia (84532). */
  bootReferences?: readonly number[];
  /** Chains that may start; default every eip155 reference the spec names. */
  servedReferences?: readonly number[];
  /** The height a chain starts at when it has no journal yet (the seeded history lies below it); default 0. */
  startHead?: (reference: number) => number;
  log?: (message: string) => void;
}

export interface SandboxChainRegistry extends ChainRegistry {
  /** Starts the boot chains; call once at sandbox start (other chains start on first use). */
  start(): Promise<void>;
  /** References with a chain running (or starting) now. */
  running(): number[];
  isServed(reference: number): boolean;
  /** Resolves once every running chain has reported the transfers of every block mined so far. */
  settle(): Promise<void>;
}

export function createChainRegistry(options: ChainRegistryOptions): SandboxChainRegistry {
  const log = options.log ?? ((m: string) => console.log(`[chain] ${m}`));
  const served = new Set(options.servedReferences ?? SERVED_REFERENCES);
  const chains = new Map<number, Promise<LocalChain>>();
  const listeners = new Set<(t: ChainTransfer) => void>();
  const fundedFile = options.dataDir ? join(options.dataDir, "funded.jsonl") : undefined;
  const funded = new Map<string, Address>();
  let closed = false;

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (fundedFile && existsSync(fundedFile))
    for (const line of readFileSync(fundedFile, "utf8").split("\n"))
      if (isAddress(line.trim(), { strict: false })) funded.set(line.trim().toLowerCase(), getAddress(line.trim()));

  const emit = (transfer: ChainTransfer) => {
    for (const listener of listeners) listener(transfer);
  };

  function chain(reference: number): Promise<LocalChain> {
    if (closed) return Promise.reject(new RpcError(-32603, "The chain registry is closed"));
    if (!served.has(reference))
      return Promise.reject(new RpcError(RPC_INVALID_PARAMS, `Chain eip155:${reference} is not served by the sandbox`));
    let started = chains.get(reference);
    if (!started) {
      started = (async () => {
        const local = await LocalChain.start({
          reference,
          artifacts: await loadArtifacts(),
          extensions: options.extensions,
          journalFile: options.dataDir ? join(options.dataDir, `eip155-${reference}.jsonl`) : undefined,
          blockTimeMs: options.blockTimeMs ?? 0,
          startHead: options.startHead?.(reference) ?? 0,
          onTransfer: emit,
          log,
        });
        // Wallets funded while this chain was not running get their share now.
        await local.fund([...funded.values()]);
        return local;
      })();
      chains.set(reference, started);
      started.catch(() => chains.delete(reference));
    }
    return started;
  }

  async function call(reference: number, to: Address, data: Hex): Promise<Hex> {
    return (await (await chain(reference)).request("eth_call", [{ to, data }, "latest"])) as Hex;
  }

  return {
    references: () => [...served].sort((a, b) => a - b),
    running: () => [...chains.keys()].sort((a, b) => a - b),
    isServed: (reference) => served.has(reference),

    async start() {
      await Promise.all((options.bootReferences ?? BOOT_REFERENCES).map((r) => chain(r)));
    },

    async request(reference, method, params) {
      return (await chain(reference)).request(method, params ?? []);
    },

    async tokens(reference): Promise<TestToken[]> {
      return (await chain(reference)).contracts.tokens;
    },

    async nativeBalance(reference, address) {
      return BigInt((await (await chain(reference)).request("eth_getBalance", [address, "latest"])) as Hex);
    },

    async tokenBalance(reference, token, address) {
      return BigInt(
        await call(reference, token, encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address] })),
      );
    },

    async fund(address) {
      const checksummed = getAddress(address);
      if (!funded.has(checksummed.toLowerCase())) {
        funded.set(checksummed.toLowerCase(), checksummed);
        if (fundedFile) appendFileSync(fundedFile, `${checksummed}\n`);
      }
      await Promise.all([...chains.values()].map(async (c) => (await c).fund([checksummed])));
    },

    onTransfer(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async settle() {
      await Promise.all([...chains.values()].map(async (c) => (await c).follow()));
    },

    async close() {
      closed = true;
      const all = [...chains.values()];
      chains.clear();
      await Promise.all(
        all.map((c) =>
          c.then(
            (local) => local.close(),
            () => undefined,
          ),
        ),
      );
      listeners.clear();
    },
  };
}
