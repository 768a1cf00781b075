import { z } from "zod";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";
import { notificationsView } from "@/server/notifications/view";

export const GET = defineRoute({
  permission: "users:manage",
  query: z.object({}),
  run: async () => notificationsView(await getDb()),
});
