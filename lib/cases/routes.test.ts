import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/cases/routes.ts", routes, {
  caseRequirementsUrl: [
    () => routes.caseRequirementsUrl(),
    "/api/cases/requirements",
    "app/api/cases/requirements/route.ts",
  ],
});
