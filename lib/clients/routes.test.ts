import { describe, expect, it } from "vitest";
import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

const client = "cm 1/x";
const base = "/api/clients/cm%201%2Fx";

describeRoutes("lib/clients/routes.ts", routes, {
  clientsPageUrl: [
    () => routes.clientsPageUrl(25, "c/1"),
    "/api/clients?take=25&cursor=c%2F1",
    "app/api/clients/route.ts",
  ],
  clientUrl: [() => routes.clientUrl(client), base, "app/api/clients/[clientId]/route.ts"],
  clientAssetsUrl: [
    () => routes.clientAssetsUrl(client, "eip155:11155111"),
    `${base}/assets?chain=eip155%3A11155111`,
    "app/api/clients/[clientId]/assets/route.ts",
  ],
  clientBalancesUrl: [
    () => routes.clientBalancesUrl(client),
    `${base}/balances`,
    "app/api/clients/[clientId]/balances/route.ts",
  ],
  clientEjectsUrl: [
    () => routes.clientEjectsUrl(client),
    `${base}/ejects`,
    "app/api/clients/[clientId]/ejects/route.ts",
  ],
  clientTimelineUrl: [
    () => routes.clientTimelineUrl(client, "created,eject", "c1"),
    `${base}/timeline?kinds=created%2Ceject&cursor=c1`,
    "app/api/clients/[clientId]/timeline/route.ts",
  ],
});

describe("the optional parts of a clients URL", () => {
  it("are left out on a first page", () => {
    expect(routes.clientsPageUrl(25, undefined)).toBe("/api/clients?take=25");
    expect(routes.clientTimelineUrl("c", "", null)).toBe("/api/clients/c/timeline?kinds=");
  });
});
