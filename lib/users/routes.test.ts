import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/users/routes.ts", routes, {
  usersUrl: [() => routes.usersUrl(), "/api/users", "app/api/users/route.ts"],
});
