import { z } from "zod";
import { webhookIdSchema } from "@/lib/alerts/export";
import { receiptsCsv, receiptsCsvName } from "@/server/alerts/replay/receipts-csv";
import { replayRunOf } from "@/server/alerts/replay/receipts-read";
import { defineRoute } from "@/server/kit/define-route";

/**
 * A replay run's receipts as CSV, streamed from the database a page at a time, named and keyed by
 * the run's id. Once the run has stopped following, its SHA-256 is the one its audit record holds.
 */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({ webhookId: webhookIdSchema, runId: z.uuid("Unknown replay run") }),
  run: async ({ webhookId, runId }, { requestId }) => {
    const run = await replayRunOf(webhookId, runId);
    const encoder = new TextEncoder();
    const chunks = receiptsCsv(run.id);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    return new Response(body, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${receiptsCsvName(run.id)}"`,
        "cache-control": "no-store",
        "x-replay-run-id": run.id,
        "x-request-id": requestId,
      },
    });
  },
});
