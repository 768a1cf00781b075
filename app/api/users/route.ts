import { z } from "zod";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";
import { listUsers } from "@/server/users/list";

export const GET = defineRoute({
  permission: "users:manage",
  query: z.object({}),
  run: async () => ({ users: await listUsers(await getDb()) }),
});
