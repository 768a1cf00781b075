import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { listAudit } from "@/server/audit/query";
import { auditFiltersSchema, auditPageQuerySchema } from "@/lib/audit";

export const GET = defineRoute({
  permission: "audit:read",
  query: auditFiltersSchema.and(auditPageQuerySchema),
  run: async ({ cursor, limit, ...filters }) => listAudit(await getDb(), filters, { cursor, limit }),
});
