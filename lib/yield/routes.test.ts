import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

const client = "cm 1/x";

describeRoutes("lib/yield/routes.ts", routes, {
  opportunitiesUrl: [
    () => routes.opportunitiesUrl(client, { sort: "rate-desc", network: "eip155:1", token: "USDC", type: "staking" }),
    "/api/yield/opportunities?clientId=cm+1%2Fx&sort=rate-desc&network=eip155%3A1&token=USDC&type=staking",
    "app/api/yield/opportunities/route.ts",
  ],
  positionsUrl: [
    () => routes.positionsUrl(client, ["eip155:1", "eip155:10"]),
    "/api/yield/positions?clientId=cm+1%2Fx&networks=eip155%3A1%2Ceip155%3A10",
    "app/api/yield/positions/route.ts",
  ],
  availableUrl: [
    () => routes.availableUrl(client, "eip155:1", "0xabc"),
    "/api/yield/available?clientId=cm+1%2Fx&network=eip155%3A1&token=0xabc",
    "app/api/yield/available/route.ts",
  ],
  yieldClientUrl: [
    () => routes.yieldClientUrl(client),
    "/api/yield/client?clientId=cm%201%2Fx",
    "app/api/yield/client/route.ts",
  ],
  historyUrl: [
    () => routes.historyUrl(client),
    "/api/yield/history?clientId=cm%201%2Fx",
    "app/api/yield/history/route.ts",
  ],
  runsUrl: [() => routes.runsUrl(client), "/api/yield/runs?clientId=cm%201%2Fx", "app/api/yield/runs/route.ts"],
  runUrl: [() => routes.runUrl("run/1"), "/api/yield/runs/run%2F1", "app/api/yield/runs/[runId]/route.ts"],
  runSimulationUrl: [
    () => routes.runSimulationUrl("run/1"),
    "/api/yield/runs/run%2F1/simulation",
    "app/api/yield/runs/[runId]/simulation/route.ts",
  ],
  pendingUrl: [() => routes.pendingUrl(), "/api/yield/pending", "app/api/yield/pending/route.ts"],
});
