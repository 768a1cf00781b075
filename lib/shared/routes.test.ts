import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/shared/routes.ts", routes, {
  savedViewsUrl: [
    () => routes.savedViewsUrl("alerts.events"),
    "/api/saved-views?scope=alerts.events",
    "app/api/saved-views/route.ts",
  ],
});
