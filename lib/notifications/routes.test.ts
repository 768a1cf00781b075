import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/notifications/routes.ts", routes, {
  notificationsUrl: [() => routes.notificationsUrl(), "/api/notifications", "app/api/notifications/route.ts"],
});
