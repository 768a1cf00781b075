/**
 * A wired MPC service for tests: the real chain registry (in memory unless a data dir is given), a fake
 * client directory and the Hono app, plus helpers to call it as a client would.
 */
import { createChainRegistry, type SandboxChainRegistry } from "@/sandbox/chain/registry";
import { GENESIS_EXTENSIONS } from "@/sandbox/genesis-extensions";
import { createMpcApp } from "@/sandbox/mpc/app";
import { KeyStore } from "@/sandbox/mpc/key-store";
import { FakeDirectory } from "./fake-directory";

export interface MpcHarness {
  app: ReturnType<typeof createMpcApp>;
  directory: FakeDirectory;
  chains: SandboxChainRegistry;
  keyStore: KeyStore;
  call(path: string, body: unknown, token?: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function createMpcHarness(
  options: { dataDir?: string; chains?: SandboxChainRegistry } = {},
): Promise<MpcHarness> {
  const chains =
    options.chains ??
    createChainRegistry({ extensions: GENESIS_EXTENSIONS, bootReferences: [11155111, 84532], log: () => undefined });
  await chains.start();
  const directory = new FakeDirectory();
  const keyStore = new KeyStore(options.dataDir);
  const app = createMpcApp({
    directory,
    chains,
    env: { SANDBOX_DATA_DIR: "/nonexistent" },
    keyStore,
    log: () => undefined,
  });
  return {
    app,
    directory,
    chains,
    keyStore,
    async call(path, body, token) {
      const res = await app.request(path, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    close: () => chains.close(),
  };
}

export const SEPOLIA_RPC = "http://127.0.0.1:4010/rpc/v1/eip155/11155111";
