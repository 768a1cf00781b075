/**
 * A whole sandbox for the yield and account-abstraction tests (composed by start.ts, as `npm run
 * sandbox` runs it, with real local chains in memory), called in process through its Hono apps, and
 * the spec's yield processing loop as a helper.
 */
import type { Address, Hex } from "viem";
import { unsignedEvmTransactionFromJsonSchema } from "@/lib/contracts";
import { loadSandboxEnv } from "@/sandbox/env";
import { startSandbox, type StartedSandbox } from "@/sandbox/start";
import { whyReverted } from "./why-reverted";

export const KEY = "yield-test-custodian-key";
export const SEPOLIA = 11155111;
export const YIELD = "/api/v3/clients/me/integrations/yield-provider";

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface TestClient {
  id: string;
  apiKey: string;
  share: string;
  address: Address;
  accountAbstracted: boolean;
}

// Loose JSON views of the responses; the tests check shapes with the contracts separately.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type Json = any;

export interface YieldHarness {
  sb: StartedSandbox;
  admin(path: string, init?: RequestInit): Promise<Reply<Json>>;
  /** A yield route with a client credential (`token` null sends none). */
  y(
    path: string,
    init?: { method?: string; body?: unknown; token?: string | null },
    client?: TestClient,
  ): Promise<Reply<Json>>;
  mpc(path: string, body: unknown, client: TestClient): Promise<Reply<Json>>;
  rpc(reference: number, method: string, params?: unknown[]): Promise<Json>;
  rpcReply(reference: number, method: string, params?: unknown[]): Promise<Json>;
  newClient(options?: { accountAbstracted?: boolean }): Promise<TestClient>;
  /** Signs one yield transaction's unsignedTransaction with /v1/sign eth_sendTransaction; the on-chain hash to report. */
  signAndSend(client: TestClient, unsignedTransaction: string, reference?: number): Promise<Hex>;
  /** The spec's loop: each CREATED step in stepIndex order is signed, reported and confirmed before the next. */
  run(client: TestClient, action: Json, reference?: number): Promise<void>;
  receipt(reference: number, hash: Hex): Promise<Json>;
  increaseTime(reference: number, seconds: number): Promise<void>;
  close(): Promise<void>;
}

export async function startYieldHarness(): Promise<YieldHarness> {
  const env = loadSandboxEnv({ SANDBOX_CUSTODIAN_API_KEY: KEY, SANDBOX_SEED_CLIENTS: "3", SANDBOX_SEED_EVENTS: "10" });
  const sb = await startSandbox({
    env,
    port: 0,
    mpcPort: 0,
    bootChains: false,
    chainLog: () => undefined,
    mpcLog: () => undefined,
  });
  const { baseApp, mpcApp } = sb.sandbox;
  const json = async (res: Response): Promise<Reply<Json>> => ({
    status: res.status,
    body: res.status === 204 ? null : await res.json(),
  });

  const h: YieldHarness = {
    sb,
    admin: async (path, init = {}) =>
      json(
        await baseApp.request(path, {
          ...init,
          headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        }),
      ),
    y: async (path, init = {}, client) => {
      const token = init.token === undefined ? client?.apiKey : init.token;
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (token !== null && token !== undefined) headers.authorization = `Bearer ${token}`;
      return json(
        await baseApp.request(`${YIELD}${path}`, {
          method: init.method ?? (init.body === undefined ? "GET" : "POST"),
          headers,
          body:
            init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body),
        }),
      );
    },
    mpc: async (path, body, client) =>
      json(
        await mpcApp.request(path, {
          method: "POST",
          body: JSON.stringify(body),
          headers: { authorization: `Bearer ${client.apiKey}`, "content-type": "application/json" },
        }),
      ),
    rpcReply: async (reference, method, params = []) =>
      (
        await baseApp.request(`/rpc/v1/eip155/${reference}`, {
          method: "POST",
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        })
      ).json(),
    rpc: async (reference, method, params = []) => {
      const reply = (await h.rpcReply(reference, method, params)) as { result?: unknown; error?: { message: string } };
      if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
      return reply.result;
    },
    async newClient({ accountAbstracted = false } = {}) {
      const created = await h.admin("/api/v3/custodians/me/clients", {
        method: "POST",
        body: JSON.stringify({ isAccountAbstracted: accountAbstracted }),
      });
      const client = { id: created.body.id, apiKey: created.body.clientApiKey } as TestClient;
      const generated = await h.mpc("/v1/generate", {}, client);
      const read = await h.admin(`/api/v3/custodians/me/clients/${client.id}`);
      return {
        ...client,
        share: generated.body.SECP256K1.share,
        address: read.body.metadata.namespaces.eip155.address,
        accountAbstracted,
      };
    },
    async signAndSend(client, unsignedTransaction, reference = SEPOLIA) {
      const params = unsignedEvmTransactionFromJsonSchema.parse(unsignedTransaction);
      const signed = await h.mpc(
        "/v1/sign",
        {
          method: "eth_sendTransaction",
          params,
          share: client.share,
          chainId: `eip155:${reference}`,
          to: params.to,
          rpcUrl: `http://127.0.0.1:${sb.base.port}/rpc/v1/eip155/${reference}`,
        },
        client,
      );
      if (signed.status !== 200) throw new Error(`sign failed: ${JSON.stringify(signed.body)}`);
      if (!client.accountAbstracted) return signed.body.data as Hex;
      const receipt = await h.rpc(reference, "eth_getUserOperationReceipt", [signed.body.data]);
      return receipt.receipt.transactionHash as Hex;
    },
    async run(client, action, reference = SEPOLIA) {
      const steps = [...action.transactions].sort((a: Json, b: Json) => a.stepIndex - b.stepIndex);
      for (const tx of steps) {
        if (tx.status !== "CREATED" || !tx.unsignedTransaction) continue;
        const hash = await h.signAndSend(client, tx.unsignedTransaction, reference);
        const submitted = await h.y(
          `/transactions/${tx.transactionId}/submit-hash`,
          { method: "PUT", body: { hash } },
          client,
        );
        if (submitted.status !== 200) throw new Error(`submit-hash failed: ${JSON.stringify(submitted.body)}`);
        const receipt = await h.receipt(reference, hash);
        if (receipt.status !== "0x1")
          throw new Error(`${tx.title}: ${await whyReverted((m, p) => h.rpc(reference, m, p), hash)}`);
      }
    },
    async receipt(reference, hash) {
      // A block per transaction: the receipt exists once the send returned.
      const receipt = await h.rpc(reference, "eth_getTransactionReceipt", [hash]);
      if (!receipt) throw new Error(`no receipt for ${hash}`);
      return receipt;
    },
    async increaseTime(reference, seconds) {
      await h.rpc(reference, "evm_increaseTime", [seconds]);
    },
    close: () => sb.close(),
  };
  return h;
}
