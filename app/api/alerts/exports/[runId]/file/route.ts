import { z } from "zod";
import { exportResultSchema } from "@/lib/alerts/export";
import { downloadableExport, fileResponse } from "@/server/exports/download";
import { defineRoute } from "@/server/kit/define-route";

/**
 * The export file, streamed from disk (never held in memory), with its SHA-256 and row count in
 * headers so the browser side can show and check them. 404 once it expired.
 */
export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user, requestId }) => {
    const { result, file } = await downloadableExport(runId, user, "alerts.export", exportResultSchema);
    return fileResponse(file, result, result.format, requestId);
  },
});
