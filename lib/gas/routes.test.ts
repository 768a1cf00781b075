import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/gas/routes.ts", routes, {
  gasUsageUrl: [() => routes.gasUsageUrl("eip155:1"), "/api/gas/usage?chain=eip155%3A1", "app/api/gas/usage/route.ts"],
  gasExportUrl: [
    () => routes.gasExportUrl(["eip155:1", "eip155:10"], "12", 1_700_000_000_000),
    "/api/gas/export?chains=eip155%3A1%2Ceip155%3A10&range=12&asOf=1700000000000",
    "app/api/gas/export/route.ts",
  ],
});
