import { auditFiltersSchema, auditPageQuerySchema } from "@/lib/audit";
import { shownAuditPage } from "@/server/audit/query";
import { defineRoute } from "@/server/kit/define-route";

export const GET = defineRoute({
  permission: "audit:read",
  query: auditFiltersSchema.and(auditPageQuerySchema),
  run: async ({ cursor, limit, ...filters }) => shownAuditPage(filters, { cursor, limit }),
});
