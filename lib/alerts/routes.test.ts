import { describe, expect, it } from "vitest";
import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

const hook = "wh 1/x";
const base = "/api/alerts/webhooks/wh%201%2Fx";

describeRoutes("lib/alerts/routes.ts", routes, {
  webhooksUrl: [() => routes.webhooksUrl(), "/api/alerts/webhooks", "app/api/alerts/webhooks/route.ts"],
  schedulesUrl: [() => routes.schedulesUrl(), "/api/alerts/schedules", "app/api/alerts/schedules/route.ts"],
  eventsUrl: [
    () => routes.eventsUrl(hook, "status=failed&test=exclude", "c/1"),
    `${base}/events?status=failed&test=exclude&cursor=c%2F1`,
    "app/api/alerts/webhooks/[webhookId]/events/route.ts",
  ],
  transactionUrl: [
    () => routes.transactionUrl(hook, "eip155:1", "0xabc"),
    `${base}/transactions/0xabc?chainId=eip155%3A1`,
    "app/api/alerts/webhooks/[webhookId]/transactions/[hash]/route.ts",
  ],
  healthUrl: [
    () => routes.healthUrl(hook, "7d", "Europe/Paris", "exclude"),
    `${base}/health?range=7d&tz=Europe%2FParis&test=exclude`,
    "app/api/alerts/webhooks/[webhookId]/health/route.ts",
  ],
  horizonUrl: [
    () => routes.horizonUrl(hook, "only"),
    `${base}/horizon?test=only`,
    "app/api/alerts/webhooks/[webhookId]/horizon/route.ts",
  ],
  watchdogUrl: [
    () => routes.watchdogUrl(hook, "include"),
    `${base}/watchdog?test=include`,
    "app/api/alerts/webhooks/[webhookId]/watchdog/route.ts",
  ],
  replaysUrl: [
    () => routes.replaysUrl(hook),
    `${base}/replays`,
    "app/api/alerts/webhooks/[webhookId]/replays/route.ts",
  ],
  receiptsUrl: [
    () => routes.receiptsUrl(hook, "run-1", "failed", 100),
    `${base}/replays/run-1?outcome=failed&after=100`,
    "app/api/alerts/webhooks/[webhookId]/replays/[runId]/route.ts",
  ],
  receiptsCsvUrl: [
    () => routes.receiptsCsvUrl(hook, "run-1"),
    `${base}/replays/run-1/csv`,
    "app/api/alerts/webhooks/[webhookId]/replays/[runId]/csv/route.ts",
  ],
  recentExportsUrl: [
    () => routes.recentExportsUrl(hook),
    "/api/alerts/exports?limit=5&webhookId=wh%201%2Fx",
    "app/api/alerts/exports/route.ts",
  ],
  exportFileUrl: [
    () => routes.exportFileUrl("run-1"),
    "/api/alerts/exports/run-1/file",
    "app/api/alerts/exports/[runId]/file/route.ts",
  ],
  exportManifestUrl: [
    () => routes.exportManifestUrl("run-1"),
    "/api/alerts/exports/run-1/manifest",
    "app/api/alerts/exports/[runId]/manifest/route.ts",
  ],
});

describe("the optional parts of a URL", () => {
  it("are left out when empty: a first page has no cursor, all receipts no outcome", () => {
    expect(routes.receiptsUrl("w", "r", "all", 0)).toBe("/api/alerts/webhooks/w/replays/r");
    expect(routes.eventsUrl("w", "status=failed", null)).toBe("/api/alerts/webhooks/w/events?status=failed");
  });
});
