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
  ejectEvidenceUrl: [
    () => routes.ejectEvidenceUrl("0b9f5c1e-2f4a-4c1d-9a57-3f3d2c1b0a99"),
    "/api/ejects/0b9f5c1e-2f4a-4c1d-9a57-3f3d2c1b0a99/evidence",
    "app/api/ejects/[requestId]/evidence/route.ts",
  ],
});
