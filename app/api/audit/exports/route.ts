import { z } from "zod";
import { recentAuditExports } from "@/server/audit/export/start";
import { defineRoute } from "@/server/kit/define-route";

/** The signed-in user's recent audit exports, newest first (AuditExportRunView[]). */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(5) }),
  run: async ({ limit }, { user }) => recentAuditExports(user, limit),
});
