import { z } from "zod";
import { auditExportResultSchema } from "@/lib/audit/export";
import { downloadableExport, fileResponse } from "@/server/exports/download";
import { defineRoute } from "@/server/kit/define-route";

/** An audit export's CSV, streamed from disk, with its SHA-256 and row count in headers. 404 once it expired. */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user, requestId }) => {
    const { result, file } = await downloadableExport(runId, user, "audit.export", auditExportResultSchema);
    return fileResponse(file, result, "csv", requestId);
  },
});
