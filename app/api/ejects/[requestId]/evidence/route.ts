import { z } from "zod";
import { evidenceFileName } from "@/lib/ejects/evidence-file";
import { getDb } from "@/server/db";
import { readEvidencePack } from "@/server/ejects/evidence/store";
import { conflict, notFound } from "@/server/errors";
import { defineRoute } from "@/server/kit/define-route";

/**
 * The signed evidence pack of a completed ejection, as a JSON file to keep. Whoever may read a client's
 * eject requests may take it (`clients:read`, as app/api/clients/[clientId]/ejects): it says nothing
 * the requests and the audit record ids do not, holds no share, and compliance reviewers need it.
 */
export const GET = defineRoute({
  permission: "clients:read",
  query: z.object({ requestId: z.uuid("Unknown eject request") }),
  run: async ({ requestId }, { requestId: traceId }) => {
    const stored = await readEvidencePack(await getDb(), requestId);
    if (stored.state === "pending") throw conflict("The evidence pack is being written; try again in a moment.");
    if (stored.state === "none") throw notFound("An evidence pack for that eject request");
    return new Response(JSON.stringify(stored.pack, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${evidenceFileName(requestId)}"`,
        "cache-control": "no-store",
        "x-request-id": traceId,
      },
    });
  },
});
