/**
 * One in-process EVM (hardhat 2.29's EDR engine) per chain. Hardhat's public entry point (`require("hardhat")`)
 * wants a hardhat project and a config file; the sandbox only needs the network, so it builds the
 * provider the way hardhat's own `createProvider` does, with the settings that make it behave like a
 * public testnet node rather than a developer node (no unlocked accounts, reverted transactions mined
 * with status 0 instead of thrown).
 */
import { createRequire } from "node:module";

export interface EdrProvider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  on(event: "message", listener: (message: unknown) => void): unknown;
  removeAllListeners(event?: string): unknown;
}

interface EdrModule {
  EdrProviderWrapper: { create(config: object, logger: { enabled: boolean }): Promise<EdrProvider> };
  getGlobalEdrContext(): Promise<unknown>;
}

const require = createRequire(import.meta.url);
let edr: EdrModule | undefined;
let defaultHardfork: string | undefined;
let contextReady: Promise<unknown> | undefined;

function load(): { edr: EdrModule; hardfork: string } {
  edr ??= require("hardhat/internal/hardhat-network/provider/provider.js") as EdrModule;
  defaultHardfork ??= (
    require("hardhat/internal/core/config/default-config.js") as { defaultHardhatNetworkParams: { hardfork: string } }
  ).defaultHardhatNetworkParams.hardfork;
  return { edr, hardfork: defaultHardfork };
}

export interface EdrOptions {
  chainId: number;
  /** Timestamp of the genesis block; a restarted chain reuses its first genesis time so replayed blocks stay in order. */
  genesisTime: Date;
}

export async function createEdrProvider({ chainId, genesisTime }: EdrOptions): Promise<EdrProvider> {
  const { edr, hardfork } = load();
  // Hardhat creates EDR's process-wide context lazily and hands it out before its chain factory is
  // registered, so two chains starting at once could race; the first creation is awaited by all.
  contextReady ??= edr.getGlobalEdrContext();
  await contextReady;
  return edr.EdrProviderWrapper.create(
    {
      hardfork,
      chainId,
      networkId: chainId,
      blockGasLimit: 60_000_000,
      minGasPrice: 0n,
      // Mining mode is switched after genesis deployment and journal replay (see local-chain.ts).
      automine: true,
      intervalMining: 0,
      mempoolOrder: "priority",
      chains: new Map(),
      genesisAccounts: [],
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: false,
      throwOnCallFailures: true,
      // Bursts of transactions (one block each under automine) would otherwise push block time ahead of
      // the wall clock by a second per block; webhook timestamps and time-based yield need real time.
      allowBlocksWithSameTimestamp: true,
      initialBaseFeePerGas: 1_000_000_000,
      initialDate: genesisTime,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  );
}
