import { z } from "zod";
import { approvalsWaiting } from "@/server/ejects/approvals-view";
import { defineRoute } from "@/server/kit/define-route";

/** The sidebar's badge: how many eject requests wait for this approver. */
export const GET = defineRoute({
  permission: "eject:approve",
  query: z.object({}),
  run: async (_query, { user }) => approvalsWaiting(user),
});
