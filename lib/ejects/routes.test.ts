import { describeRoutes } from "@/testing/kit/route-file";
import * as routes from "./routes";

describeRoutes("lib/ejects/routes.ts", routes, {
  approvalsUrl: [() => routes.approvalsUrl(), "/api/approvals", "app/api/approvals/route.ts"],
  myEjectRequestsUrl: [() => routes.myEjectRequestsUrl(), "/api/approvals/mine", "app/api/approvals/mine/route.ts"],
  approvalsWaitingUrl: [
    () => routes.approvalsWaitingUrl(),
    "/api/approvals/waiting",
    "app/api/approvals/waiting/route.ts",
  ],
});
