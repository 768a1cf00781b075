import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { shownUsers } from "@/server/users/list";

export const GET = defineRoute({
  permission: "users:manage",
  query: z.object({}),
  run: async () => ({ users: await shownUsers() }),
});
