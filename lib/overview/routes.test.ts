import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/overview/routes.ts", routes, {
  overviewClientsUrl: [() => routes.overviewClientsUrl(), "/api/overview/clients", "app/api/overview/clients/route.ts"],
  overviewGasUrl: [() => routes.overviewGasUrl(), "/api/overview/gas", "app/api/overview/gas/route.ts"],
});
