import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { shownNotifications } from "@/server/notifications/view";

export const GET = defineRoute({
  permission: "users:manage",
  query: z.object({}),
  run: shownNotifications,
});
