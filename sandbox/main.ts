/**
 * `npm run sandbox`: the embedded Wallet Infrastructure API. Parses SANDBOX_* (lib/config) and starts
 * the sandbox (start.ts: chain registry, key store, administration state, MPC service) on 127.0.0.1,
 * serving the base API (administration + JSON-RPC) and the MPC service. Failures to start are one line
 * on stderr and exit code 1; SIGINT/SIGTERM close everything and save state.
 */
import { ConfigError } from "@/lib/shared/config";
import { loadSandboxEnv, type SandboxEnv } from "./env";
import { PortInUseError } from "./http/listen";
import { startSandbox, type StartedSandbox } from "./start";

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

  let started: StartedSandbox | undefined;

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(code || 1), 10_000);
    force.unref();
    await started?.close();
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1); // a second signal: do not wait any longer
      void stop(0);
    });
  }

  try {
    // start.ts takes both ports before building anything, so a port conflict fails fast.
    started = await startSandbox({ env, dataDir: env.SANDBOX_DATA_DIR });
  } catch (err) {
    const which =
      err instanceof PortInUseError ? (err.port === env.SANDBOX_PORT ? "SANDBOX_PORT" : "SANDBOX_MPC_PORT") : undefined;
    const message = which
      ? `port ${(err as PortInUseError).port} is already in use (${which}); stop the process using it or set ${which} to another port`
      : `could not start: ${err instanceof Error ? err.message : String(err)}`;
    console.error(`sandbox: ${message}`);
    await stop(1);
    return;
  }

  console.log(
    `sandbox base API listening on ${started.baseUrl} (administration, /rpc/v1/eip155/<reference>, /openapi.json)`,
  );
  console.log(`sandbox MPC service listening on ${started.mpcUrl}`);
}

void main();
