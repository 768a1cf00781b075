import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { readPendingActions } from "@/server/yield/pending";

/** Every pending action of the console's test clients, on each client's networks (filters apply on the page). */
export const GET = defineRoute({
  permission: "yield:read",
  query: z.object({}),
  run: () => readPendingActions(),
});
