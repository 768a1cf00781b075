import { z } from "zod";
import { lastVerifiedView } from "@/server/audit/last-verified";
import { defineRoute } from "@/server/kit/define-route";

/** When the whole audit log was last verified (the hourly sweep, or a Verify of the whole chain). */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({}),
  run: () => lastVerifiedView(),
});
