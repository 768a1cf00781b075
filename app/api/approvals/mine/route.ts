import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { myEjectRequests } from "@/server/ejects/approvals-view";

/** The requester's own eject requests (the approvals page's "Your requests"). */
export const GET = defineRoute({
  permission: "eject:request",
  query: z.object({}),
  run: async (_query, { user }) => myEjectRequests(user),
});
