/**
 * The sandbox's configuration: the variables of lib/config's sandboxEnvSchema, plus timings that
 * tests shorten (they are not environment variables: production-like values are the point).
 */
import path from "node:path";
import { parseEnv, sandboxEnvSchema, type SandboxEnv } from "@/lib/shared/config";

export type { SandboxEnv };

export function loadSandboxEnv(source: Record<string, string | undefined> = process.env): SandboxEnv {
  return parseEnv(sandboxEnvSchema, source);
}

export interface SandboxTimings {
  /** How long a delivery waits for a 2xx before it is failed (the real service: 10 s). */
  deliveryTimeoutMs: number;
  /** How long the slow receiver takes to answer: past the delivery timeout. */
  slowReceiverDelayMs: number;
  /** How long a "timeout" fault holds a request before dropping it. */
  faultHoldMs: number;
}

export const DEFAULT_TIMINGS: SandboxTimings = {
  deliveryTimeoutMs: 10_000,
  slowReceiverDelayMs: 15_000,
  faultHoldMs: 30_000,
};

/** Where each part keeps its files under SANDBOX_DATA_DIR (relative paths resolve against the cwd). */
export function dataPaths(dataDir: string) {
  const root = path.resolve(dataDir);
  return {
    root,
    adminState: path.join(root, "admin-state.json"),
    alertJournal: path.join(root, "alert-events.jsonl"),
    chains: path.join(root, "chains"),
    mpc: path.join(root, "mpc"),
  };
}
