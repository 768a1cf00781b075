import { auditFiltersSchema, auditPageQuerySchema } from "@/lib/audit";
import { listAudit } from "@/server/audit/query";
import { getDb } from "@/server/db";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "audit:read",
  query: auditFiltersSchema.and(auditPageQuerySchema),
  run: async ({ cursor, limit, ...filters }) => listAudit(await getDb(), filters, { cursor, limit }),
});
