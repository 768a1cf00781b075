import { readFile } from "node:fs/promises";
import { z } from "zod";
import { exportManifestSchema } from "@/lib/alerts/export";
import { downloadableExport } from "@/server/alerts/export/download";
import { defineRoute } from "@/server/kit/define-route";

/** The manifest written beside the export file (ExportManifest), as long as the file may be downloaded. */
export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user }) => {
    const { manifest } = await downloadableExport(runId, user);
    return exportManifestSchema.parse(JSON.parse(await readFile(manifest, "utf8")));
  },
});
