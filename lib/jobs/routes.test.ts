import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/jobs/routes.ts", routes, {
  jobRunUrl: [() => routes.jobRunUrl("run/1"), "/api/jobs/run%2F1", "app/api/jobs/[runId]/route.ts"],
});
