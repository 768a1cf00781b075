import { z } from "zod";
import { exportResultSchema } from "@/lib/alerts/export";
import { downloadableExport, manifestResponse } from "@/server/exports/download";
import { defineRoute } from "@/server/kit/define-route";

/** The signed manifest written beside the export file, byte for byte, as long as the file may be downloaded. */
export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user, requestId }) => {
    const { manifest, result } = await downloadableExport(runId, user, "alerts.export", exportResultSchema);
    return manifestResponse(manifest, result.fileName, requestId);
  },
});
