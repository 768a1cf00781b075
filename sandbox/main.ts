/**
 * `npm run sandbox`: the embedded Wallet Infrastructure API. Parses SANDBOX_* (lib/config), builds the
 * chain registry and key store (sandbox/chain, sandbox/mpc), the administration state (createSandbox),
 * and serves the base API (administration + JSON-RPC) and the MPC service on 127.0.0.1. Failures to
 * start are one line on stderr and exit code 1; SIGINT/SIGTERM close everything and save state.
 */
import { ConfigError } from "@/lib/config";
import { createSandbox, type Sandbox } from "./app";
import { createChainRegistry, createRpcApp } from "./chain";
import { dataPaths, loadSandboxEnv, type SandboxEnv } from "./env";
import { listen, PortInUseError, type Listening } from "./http/listen";
import { createMpcApp, openKeyStore } from "./mpc";

const fail = (message: string): never => {
  console.error(`sandbox: ${message}`);
  process.exit(1);
};

async function main() {
  let env: SandboxEnv;
  try {
    env = loadSandboxEnv();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }

  const paths = dataPaths(env.SANDBOX_DATA_DIR);
  const chains = createChainRegistry({ dataDir: paths.chains, blockTimeMs: env.SANDBOX_BLOCK_TIME_MS });
  const keyStore = openKeyStore(paths.mpc);
  let sandbox: Sandbox | undefined;
  const listening: Listening[] = [];

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code || 1), 10_000);
    force.unref();
    await Promise.allSettled(listening.map((l) => l.close()));
    await Promise.allSettled([sandbox?.close(), chains.close()]);
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second signal: do not wait any longer
      void stop(0);
    });
  }

  try {
    sandbox = await createSandbox({
      env,
      dataDir: env.SANDBOX_DATA_DIR,
      seams: (directory) => ({
        chains,
        backups: keyStore,
        mountMpc: (app) => app.route("/", createMpcApp({ directory, chains, env, keyStore })),
        mountBase: (app) => app.route("/", createRpcApp(chains)),
      }),
    });
    listening.push(await listen(sandbox.baseApp.fetch, env.SANDBOX_PORT));
    listening.push(await listen(sandbox.mpcApp.fetch, env.SANDBOX_MPC_PORT));
    // The boot chains start after the ports are ours, so a port conflict fails fast.
    await chains.start();
  } catch (err) {
    const which = err instanceof PortInUseError ? (err.port === env.SANDBOX_PORT ? "SANDBOX_PORT" : "SANDBOX_MPC_PORT") : undefined;
    const message = which
      ? `port ${(err as PortInUseError).port} is already in use (${which}); stop the process using it or set ${which} to another port`
      : `could not start: ${err instanceof Error ? err.message : String(err)}`;
    console.error(`sandbox: ${message}`);
    await stop(1);
    return;
  }

  const [base, mpc] = listening as [Listening, Listening];
  console.log(`sandbox base API listening on ${base.url} (administration, /rpc/v1/eip155/<reference>, /openapi.json)`);
  console.log(`sandbox MPC service listening on ${mpc.url}`);
}

void main();
