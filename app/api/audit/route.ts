import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { listAudit } from "@/server/audit/query";
import { auditFiltersSchema, auditPageQuerySchema } from "@/lib/audit";

export const GET = defineRoute({
  permission: "audit:read",
  query: auditFiltersSchema.and(auditPageQuerySchema),
  run: async (q) =>
    listAudit(
      await getDb(),
      { actor: q.actor, action: q.action, outcome: q.outcome, from: q.from, to: q.to },
      { cursor: q.cursor, limit: q.limit },
    ),
});
