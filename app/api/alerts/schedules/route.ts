import { z } from "zod";
import { listSchedules } from "@/server/alerts/schedules/store";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({}),
  run: async () => ({ schedules: await listSchedules() }),
});
