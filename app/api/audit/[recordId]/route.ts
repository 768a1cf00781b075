import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { getAuditRecord } from "@/server/audit/query";
import { notFound } from "@/server/errors";
import { auditRecordIdSchema } from "@/lib/audit";

/** One audit record by id (a shared `?record=` link to a record not on the page being shown). */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({ recordId: auditRecordIdSchema }),
  run: async ({ recordId }) => {
    const detail = await getAuditRecord(await getDb(), recordId);
    if (!detail) throw notFound("This audit record");
    return detail;
  },
});
