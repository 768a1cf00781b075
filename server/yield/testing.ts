import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadSandboxEnv } from "@/sandbox/env";
import { startSandbox, type StartedSandbox } from "@/sandbox/start";
import type { StaffUser } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { resetEnvForTests } from "@/server/env";
import { registerTestClient, storeShares } from "@/server/test-clients/store";
import { createMpcClient, getAdminClient } from "@/server/upstream";

/**
 * What the yield runner tests share: a sandbox in this process on ephemeral ports with its local
 * chains running, and the console's environment pointed at it; test clients made as the console
 * makes them (key and shares in the vault).
 */
export const YIELD_TEST_KEY = "yield-runner-test-key";

export const developer: StaffUser = {
  id: "00000000-0000-4000-8000-00000000d0d0",
  email: "dev@example.com",
  name: null,
  role: "developer",
  mustChangePassword: false,
};

export interface YieldHarness {
  started: StartedSandbox;
  /** The chain's JSON-RPC gateway. */
  rpcUrl(chainId: string): string;
  rpc<T>(chainId: string, method: string, params?: unknown[]): Promise<T>;
  close(): Promise<void>;
}

export async function startYieldHarness(env: Record<string, string> = {}): Promise<YieldHarness> {
  const started = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: YIELD_TEST_KEY,
      SANDBOX_SEED_CLIENTS: "3",
      SANDBOX_SEED_EVENTS: "50",
      ...env,
    }),
    port: 0,
    mpcPort: 0,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "yield-runner-"));
  Object.assign(process.env, {
    SANDBOX_HOST: "127.0.0.1",
    SANDBOX_PORT: String(started.base.port),
    SANDBOX_MPC_PORT: String(started.mpc.port),
    SANDBOX_CUSTODIAN_API_KEY: YIELD_TEST_KEY,
    CONSOLE_DATA_DIR: dataDir,
    CUSTODIAN_RATE_LIMIT: "100000",
  });
  resetEnvForTests();
  const rpcUrl = (chainId: string) => `${started.baseUrl}/rpc/v1/eip155/${chainId.split(":")[1]}`;
  return {
    started,
    rpcUrl,
    async rpc<T>(chainId: string, method: string, params: unknown[] = []) {
      const res = await fetch(rpcUrl(chainId), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      const body = (await res.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    },
    close: async () => {
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test client as the console makes one, with its wallet generated and the shares in the vault. */
export async function makeTestClient(
  db: Db,
  accountAbstracted: boolean,
): Promise<{ clientId: string; address: string }> {
  const created = await getAdminClient().clients.create({ isAccountAbstracted: accountAbstracted });
  await registerTestClient(db, {
    clientId: created.id,
    isAccountAbstracted: created.isAccountAbstracted,
    clientApiKey: created.clientApiKey,
    by: { id: developer.id, email: developer.email },
  });
  const shares = await createMpcClient({ clientApiKey: created.clientApiKey }).generate();
  await storeShares(db, created.id, "signing", shares);
  const read = await getAdminClient().clients.retrieve(created.id);
  const address = read.metadata.namespaces.eip155?.address;
  if (!address) throw new Error("the generated wallet has no EVM address");
  return { clientId: created.id, address };
}
