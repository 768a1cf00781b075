import "server-only";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AlertWebhook, DeliveryStatus } from "@/lib/contracts/alerts";
import { STATUS } from "@/sandbox/alerts/event-store";
import type { EventStore } from "@/sandbox/alerts/event-store";
import { loadSandboxEnv } from "@/sandbox/env";
import { startSandbox, type StartedSandbox } from "@/sandbox/start";
import { forgetEnvForTests } from "@/server/env";
import { TEST_DELIVERY_TIMINGS } from "./delivery-timings";

/**
 * What the alerts job tests share: a sandbox in this process on ephemeral ports, the console's
 * environment pointed at it (and at a temporary export directory), a seam in front of `fetch` that
 * can hold, fail or rewrite the console's upstream requests, and the sandbox's own columns as
 * ground truth.
 */

export const TEST_KEY = "alerts-jobs-test-key";

export type FetchHook = (request: Request, forward: (request: Request) => Promise<Response>) => Promise<Response>;

export interface AlertsHarness {
  started: StartedSandbox;
  store: EventStore;
  webhooks: {
    accepting: AlertWebhook & { index: number };
    failing: AlertWebhook & { index: number };
    slow: AlertWebhook & { index: number };
  };
  /** The anchor of the seeded history: every seeded event is older; live events may be added after it. */
  anchorMs: number;
  exportDir: string;
  /** Upstream requests the console sent (method and URL), in order. */
  requests: { method: string; url: URL }[];
  /** Replaces the hook in front of the console's fetch (undefined: pass through). */
  setHook(hook: FetchHook | undefined): void;
  close(): Promise<void>;
}

/**
 * Starts the sandbox with its seeded history ending `historyEndsAgoMs` before now (so live events
 * can be placed between then and now), and points the console at it.
 */
export async function startAlertsHarness(
  options: { seedEvents?: number; historyEndsAgoMs?: number; env?: Record<string, string> } = {},
): Promise<AlertsHarness> {
  const anchorMs = Math.floor((Date.now() - (options.historyEndsAgoMs ?? 3_600_000)) / 1000) * 1000;
  const started = await startSandbox({
    env: loadSandboxEnv({
      SANDBOX_CUSTODIAN_API_KEY: TEST_KEY,
      SANDBOX_SEED_CLIENTS: "5",
      SANDBOX_SEED_EVENTS: String(options.seedEvents ?? 5000),
      // The history ends before now, so retries it scheduled in between would all fall due at start and
      // move statuses under tests that compare the console with the sandbox; they are tested on their own.
      SANDBOX_RETRY_SCALE: "off",
      ...options.env,
    }),
    port: 0,
    mpcPort: 0,
    bootChains: false,
    anchorMs,
    chainLog: () => undefined,
    mpcLog: () => undefined,
    timings: { ...TEST_DELIVERY_TIMINGS, faultHoldMs: 2_000 },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), "alerts-jobs-"));
  const exportDir = path.join(dataDir, "exports");
  Object.assign(process.env, {
    SANDBOX_HOST: "127.0.0.1",
    SANDBOX_PORT: String(started.base.port),
    SANDBOX_MPC_PORT: String(started.mpc.port),
    SANDBOX_CUSTODIAN_API_KEY: TEST_KEY,
    CONSOLE_DATA_DIR: dataDir,
    CONSOLE_EXPORT_DIR: exportDir,
    // The console's own limit is not what these tests are about.
    CUSTODIAN_RATE_LIMIT: "100000",
  });
  forgetEnvForTests();

  const requests: AlertsHarness["requests"] = [];
  let hook: FetchHook | undefined;
  const realFetch = globalThis.fetch.bind(globalThis);
  // The console's clients bind fetch when they are built, so this must be in place before the first call.
  // Only the console's requests to the upstream: the sandbox's own webhook deliveries pass untouched.
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (!request.url.startsWith(`${started.baseUrl}/`)) return realFetch(request);
    requests.push({ method: request.method, url: new URL(request.url) });
    return hook ? hook(request, (r) => realFetch(r)) : realFetch(request);
  };

  const byRole = (role: string) => {
    const webhook = started.sandbox.alerts.webhooks.find((w) => w.url.endsWith(`/webhooks/${role}`));
    if (!webhook) throw new Error(`no ${role} webhook`);
    const view = started.sandbox.alerts.listWebhooks().data.find((w) => w.id === webhook.id) as AlertWebhook;
    return { ...view, index: webhook.index };
  };
  return {
    started,
    store: started.sandbox.alerts.store,
    webhooks: { accepting: byRole("accepting"), failing: byRole("failing"), slow: byRole("slow") },
    anchorMs,
    exportDir,
    requests,
    setHook: (next) => {
      hook = next;
    },
    close: async () => {
      globalThis.fetch = realFetch;
      await started.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Adds events to the sandbox's store as the upstream would list them (createdAt must not go backwards). */
export function addEvents(
  store: EventStore,
  webhook: number,
  events: { createdAt: number; status?: DeliveryStatus; errorMessage?: string | null }[],
): string[] {
  return events.map((e) => {
    const id = randomUUID();
    store.appendLive(
      {
        kind: "confirmed",
        webhook,
        chainId: "eip155:11155111",
        blockNumber: 7_000_000,
        createdAt: e.createdAt,
        status: e.status ?? "success",
        retries: 0,
        errorMessage: e.errorMessage ?? (e.status === "failed" ? "Request failed with status code 500" : null),
        updatedAt: e.createdAt,
      },
      {
        id,
        transactionHashes: [`0x${id.replace(/-/g, "").padEnd(64, "a")}`],
        payload: { data: [], metadata: { custodianId: "c", environmentId: "e" }, type: "EIP_155_TX_V1" },
      },
    );
    return id;
  });
}

/** The ids the sandbox holds for a webhook with fromMs ≤ createdAt < untilMs (and a status, if given). */
export function groundTruth(
  store: EventStore,
  webhook: number,
  range: { fromMs: number | null; untilMs: number },
  status?: DeliveryStatus,
): string[] {
  const list = store.byWebhook[webhook]?.view() ?? new Uint32Array(0);
  const rows: number[] = [];
  for (const i of list) {
    const at = store.created[i] as number;
    if ((range.fromMs === null || at >= range.fromMs) && at < range.untilMs)
      if (status === undefined || store.status[i] === STATUS[status]) rows.push(i);
  }
  return store.idsOf(rows);
}
