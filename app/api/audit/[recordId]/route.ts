import { z } from "zod";
import { auditRecordIdSchema } from "@/lib/audit";
import { getAuditRecord } from "@/server/audit/query";
import { getDb } from "@/server/db";
import { notFound } from "@/server/errors";
import { defineRoute } from "@/server/kit/define-route";

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
