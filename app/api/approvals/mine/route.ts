import { z } from "zod";
import { myEjectRequests } from "@/server/ejects/approvals-view";
import { defineRoute } from "@/server/kit/define-route";

/** The requester's own eject requests (the approvals page's "Your requests"). */
export const GET = defineRoute({
  permission: "eject:request",
  query: z.object({}),
  run: async (_query, { user }) => myEjectRequests(user),
});
