import { z } from "zod";
import { listCaseRequirements } from "@/server/cases/requirements";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "users:manage",
  query: z.object({}),
  run: async () => ({ requirements: await listCaseRequirements() }),
});
