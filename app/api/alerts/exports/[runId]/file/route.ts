import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { z } from "zod";
import { downloadableExport } from "@/server/alerts/export/download";
import { defineRoute } from "@/server/kit/define-route";

const CONTENT_TYPES = { csv: "text/csv; charset=utf-8", ndjson: "application/x-ndjson; charset=utf-8" } as const;

/**
 * The export file, streamed from disk (never held in memory), with its SHA-256 and row count in
 * headers so the browser side can show and check them. 404 once it expired.
 */
export const GET = defineRoute({
  permission: "alerts:export",
  query: z.object({ runId: z.uuid("Unknown export") }),
  run: async ({ runId }, { user, requestId }) => {
    const { result, file } = await downloadableExport(runId, user);
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    return new Response(body, {
      headers: {
        "content-type": CONTENT_TYPES[result.format],
        "content-length": String(result.bytes),
        "content-disposition": `attachment; filename="${result.fileName}"`,
        "cache-control": "no-store",
        "x-content-sha256": result.sha256,
        "x-row-count": String(result.rows),
        "x-request-id": requestId,
      },
    });
  },
});
