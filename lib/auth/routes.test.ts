import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/auth/routes.ts", routes, {
  authSessionUrl: [() => routes.authSessionUrl(), "/api/auth/session", "app/api/auth/[...nextauth]/route.ts"],
  sessionUrl: [() => routes.sessionUrl(), "/api/session", "app/api/session/route.ts"],
});
