/**
 * The whole sandbox in this process, composed one way for every caller: `npm run sandbox` (main.ts),
 * the conformance suite (server/upstream/conformance) and the benchmarks. It builds the chain registry
 * and key store, the administration state (createSandbox) with the MPC service and JSON-RPC gateway
 * mounted, listens on both ports and starts the boot chains.
 *
 * The ports are taken first (port 0 picks a free one), so a port conflict fails before any state is
 * touched, and the OpenAPI document names the MPC port really in use.
 */
import { type Bundler, createBundler, withBundlerRpc } from "./aa";
import { createSandbox, type Sandbox, type SandboxOptions } from "./app";
import { createChainRegistry, createRpcApp, type SandboxChainRegistry } from "./chain";
import { dataPaths, type SandboxEnv } from "./env";
import { GENESIS_EXTENSIONS } from "./genesis-extensions";
import { listen, type Listening } from "./http/listen";
import { createMpcApp, openKeyStore, type KeyStore } from "./mpc";
import { seededChainHead } from "./seed/events";

export interface StartSandboxOptions {
  env: SandboxEnv;
  /** Base API port; default SANDBOX_PORT. 0 picks a free port. */
  port?: number;
  /** MPC port; default SANDBOX_MPC_PORT. 0 picks a free port. */
  mpcPort?: number;
  /** Where state is kept; undefined keeps everything in memory (tests, benchmarks). main passes SANDBOX_DATA_DIR. */
  dataDir?: string;
  /** Start the boot chains (sepolia, base-sepolia) before resolving; default true. Others start on first use either way. */
  bootChains?: boolean;
  /** Chain log lines; default `[chain] …` on stdout. */
  chainLog?: (message: string) => void;
  /** MPC service log lines; default `[mpc] …` on stderr. */
  mpcLog?: (message: string) => void;
  timings?: SandboxOptions["timings"];
  anchorMs?: SandboxOptions["anchorMs"];
  now?: SandboxOptions["now"];
}

export interface StartedSandbox {
  sandbox: Sandbox;
  chains: SandboxChainRegistry;
  keyStore: KeyStore;
  base: Listening;
  mpc: Listening;
  /** http://127.0.0.1:<port> of the base API and of the MPC service. */
  baseUrl: string;
  mpcUrl: string;
  /** Closes both ports, then lets deliveries finish, saves state and stops the chains. */
  close(): Promise<void>;
}

type Fetch = (request: Request, env: never) => Response | Promise<Response>;

const starting: Fetch = () => Response.json({ error: "The sandbox is starting" }, { status: 503 });

export async function startSandbox(options: StartSandboxOptions): Promise<StartedSandbox> {
  const { env } = options;
  const paths = options.dataDir === undefined ? undefined : dataPaths(options.dataDir);
  let baseFetch: Fetch = starting;
  let mpcFetch: Fetch = starting;
  const listening: Listening[] = [];
  let chains: SandboxChainRegistry | undefined;
  let sandbox: Sandbox | undefined;
  let bundler: Bundler | undefined;

  try {
    listening.push(await listen((request, e) => baseFetch(request, e), options.port ?? env.SANDBOX_PORT));
    listening.push(await listen((request, e) => mpcFetch(request, e), options.mpcPort ?? env.SANDBOX_MPC_PORT));
    const [base, mpc] = listening as [Listening, Listening];

    const registry = createChainRegistry({
      extensions: GENESIS_EXTENSIONS,
      dataDir: paths?.chains,
      blockTimeMs: env.SANDBOX_BLOCK_TIME_MS,
      // The seeded history's blocks lie below each chain's head (sandbox/alerts/archive.ts).
      startHead: seededChainHead,
      log: options.chainLog,
    });
    chains = registry;
    const keyStore = openKeyStore(paths?.mpc);
    const built = await createSandbox({
      // The OpenAPI document's servers name the MPC port in use, which differs from the variable with port 0.
      env: { ...env, SANDBOX_PORT: base.port, SANDBOX_MPC_PORT: mpc.port },
      dataDir: options.dataDir,
      timings: options.timings,
      anchorMs: options.anchorMs,
      now: options.now,
      seams: (directory, { gas, seededKeys }) => {
        keyStore.attachSeeded(seededKeys);
        // Account-abstracted clients' user operations: sponsored gas lands in the gas-usage ledger.
        const aa = createBundler({ chains: registry, sponsorship: gas, log: options.mpcLog });
        bundler = aa;
        return {
          chains: registry,
          backups: keyStore,
          mountMpc: (app) =>
            app.route(
              "/",
              createMpcApp({ directory, chains: registry, env, keyStore, log: options.mpcLog, bundler: aa }),
            ),
          mountBase: (app, { archive }) => app.route("/", createRpcApp(withBundlerRpc(registry, aa), archive)),
        };
      },
    });
    sandbox = built;
    baseFetch = built.baseApp.fetch as Fetch;
    mpcFetch = built.mpcApp.fetch as Fetch;
    if (options.bootChains !== false) await registry.start();

    let closing: Promise<void> | undefined;
    return {
      sandbox: built,
      chains: registry,
      keyStore,
      base,
      mpc,
      baseUrl: base.url,
      mpcUrl: mpc.url,
      close: () =>
        (closing ??= (async () => {
          await Promise.allSettled(listening.map((l) => l.close()));
          await bundler?.close();
          await Promise.allSettled([built.close(), registry.close()]);
        })()),
    };
  } catch (err) {
    await Promise.allSettled(listening.map((l) => l.close()));
    await bundler?.close();
    await Promise.allSettled([sandbox?.close(), chains?.close()]);
    throw err;
  }
}
