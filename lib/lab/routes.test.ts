import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/lab/routes.ts", routes, {
  testClientsUrl: [() => routes.testClientsUrl(), "/api/test-clients", "app/api/test-clients/route.ts"],
});
