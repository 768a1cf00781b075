/**
 * The yield provider (spec "Yield operations"; api-shapes §4) on real contracts of the local chains:
 * the catalogue, the routes, and the service behind them. The contracts are deployed by every chain at
 * start (deployment.ts, through sandbox/genesis-extensions.ts).
 */
import { createHmac } from "node:crypto";

export { yieldRoutes } from "./routes";
export { YieldService } from "./service";
export { ActionStore } from "./store";

/** The passthrough HMAC key: derived from the custodian API key, so it is secret and stable across restarts. */
export function passthroughKeyOf(custodianApiKey: string): string {
  return createHmac("sha256", custodianApiKey).update("yield-passthrough").digest("hex");
}
