import { z } from "zod";
import { approvalsInbox } from "@/server/ejects/approvals-view";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "eject:approve",
  query: z.object({}),
  run: async (_query, { user }) => approvalsInbox(user),
});
