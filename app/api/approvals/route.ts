import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { approvalsInbox } from "@/server/ejects/approvals-view";

export const GET = defineRoute({
  permission: "eject:approve",
  query: z.object({}),
  run: async (_query, { user }) => approvalsInbox(user),
});
