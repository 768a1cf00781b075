import { z } from "zod";
import { auditExportResultSchema } from "@/lib/audit/export";
import { downloadableExport, manifestResponse } from "@/server/exports/download";
import { defineRoute } from "@/server/kit/define-route";

/** The signed manifest written beside an audit export, byte for byte, as long as the file may be downloaded. */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user, requestId }) => {
    const { manifest, result } = await downloadableExport(runId, user, "audit.export", auditExportResultSchema);
    return manifestResponse(manifest, result.fileName, requestId);
  },
});
