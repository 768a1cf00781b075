import { getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GENESIS_EXTENSIONS } from "../genesis-extensions";
import type { ChainTransfer } from "../types";
import type * as Edr from "./edr";
import { createChainRegistry, type SandboxChainRegistry } from "./registry";
import { TEST_TOKEN_SPECS } from "./test-tokens";

/**
 * The engine's newHeads messages never arrive here, as one was seen not to be answered under load (a
 * faucet drip's alerts came 84 s late, with the next block): what the chain mined is still reported,
 * without anyone asking the registry to settle.
 */
vi.mock("./edr", async (original) => {
  const real = await original<typeof Edr>();
  return {
    ...real,
    createEdrProvider: async (options: Parameters<typeof real.createEdrProvider>[0]) => {
      const provider = await real.createEdrProvider(options);
      return {
        request: (args: { method: string; params?: unknown[] }) => provider.request(args),
        on: () => provider,
        removeAllListeners: (event?: string) => provider.removeAllListeners(event),
      };
    },
  };
});

const SEPOLIA = 11155111;
let registry: SandboxChainRegistry | undefined;

afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function dripReported(blockTimeMs: number) {
  const transfers: ChainTransfer[] = [];
  registry = createChainRegistry({
    extensions: GENESIS_EXTENSIONS,
    blockTimeMs,
    bootReferences: [SEPOLIA],
    log: () => undefined,
  });
  registry.onTransfer((t) => transfers.push(t));
  await registry.start();
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  await registry.fund(wallet);
  // The faucet's drip: the native coin and each test token, each its own transfer to the wallet.
  await vi.waitFor(
    () => expect(transfers.filter((t) => t.to === getAddress(wallet))).toHaveLength(1 + TEST_TOKEN_SPECS.length),
    { timeout: 20_000, interval: 50 },
  );
}

describe("the block follower without the engine's newHeads messages", () => {
  it("reports a send's transfers under automine: the block is followed when the send returns", async () => {
    await dripReported(0);
  });

  it("reports them under interval mining: the chain looks for new blocks every block time", async () => {
    await dripReported(300);
  });
});
