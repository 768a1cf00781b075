import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadSandboxEnv } from "@/sandbox/env";
import { startSandbox, type StartedSandbox } from "@/sandbox/start";
import type { StaffUser } from "@/server/auth/users";
import type { Db } from "@/server/db";
import { forgetEnvForTests } from "@/server/env";
import { registerTestClient, storeShares } from "@/server/lab/test-clients";
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
  forgetEnvForTests();
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

/** One request that went through a recording proxy, with the answer its caller received. */
export interface ProxiedCall {
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The request body parsed as JSON (undefined when it is not JSON). */
  body: unknown;
  status: number;
  /** The answer as the caller received it, parsed as JSON (after any rewrite). */
  answer: unknown;
  /** When the request had arrived and when its answer went back, on one count across every proxy of the process. */
  requestSeq: number;
  answerSeq: number;
}

export interface RecordingProxy {
  url: string;
  port: number;
  /** Every request forwarded so far, in the order their answers went back. */
  calls: ProxiedCall[];
  /**
   * Answers a request itself instead of forwarding it, when it returns a body (JSON, status 200);
   * undefined forwards it.
   */
  intercept?: (call: Pick<ProxiedCall, "method" | "path" | "body">) => unknown;
  /** Rewrites a JSON answer before it goes back; returning undefined keeps it. */
  rewrite?: (call: Pick<ProxiedCall, "method" | "path" | "body">, answer: unknown) => unknown;
  close(): Promise<void>;
}

let sequence = 0;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * A proxy in front of one sandbox port that records every request and its answer, and can answer
 * or rewrite some of them: what the console sent and received, seen from outside the console.
 */
export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const to = new URL(target);
  const proxy: RecordingProxy = {
    url: "",
    port: 0,
    calls: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const call = { method: req.method ?? "GET", path: req.url ?? "/", body: parseJson(raw.toString("utf8")) };
      const requestSeq = ++sequence;
      const answer = (status: number, headers: Record<string, string | string[] | undefined>, text: string) => {
        proxy.calls.push({
          ...call,
          headers: req.headers,
          status,
          answer: parseJson(text),
          requestSeq,
          answerSeq: ++sequence,
        });
        const out: Record<string, string | string[] | undefined> = {
          ...headers,
          "content-length": String(Buffer.byteLength(text)),
        };
        delete out["transfer-encoding"];
        res.writeHead(status, out);
        res.end(text);
      };
      // A test's hook that throws answers 500 with its message, so the test sees it rather than a hang.
      const failed = (error: unknown) =>
        answer(500, { "content-type": "application/json" }, JSON.stringify({ error: String(error) }));
      let own: unknown;
      try {
        own = proxy.intercept?.(call);
      } catch (error) {
        return failed(error);
      }
      if (own !== undefined) return answer(200, { "content-type": "application/json" }, JSON.stringify(own));
      const headers = { ...req.headers, host: to.host };
      delete headers["accept-encoding"];
      const upstream = httpRequest(
        { host: to.hostname, port: to.port, path: req.url, method: req.method, headers },
        (reply) => {
          const body: Buffer[] = [];
          reply.on("data", (chunk: Buffer) => body.push(chunk));
          reply.on("end", () => {
            let text = Buffer.concat(body).toString("utf8");
            const parsed = parseJson(text);
            try {
              const rewritten = parsed === undefined ? undefined : proxy.rewrite?.(call, parsed);
              if (rewritten !== undefined) text = JSON.stringify(rewritten);
            } catch (error) {
              return failed(error);
            }
            answer(reply.statusCode ?? 502, reply.headers, text);
          });
        },
      );
      upstream.on("error", () => res.destroy());
      upstream.end(raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  return proxy;
}
