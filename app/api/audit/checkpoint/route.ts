import { z } from "zod";
import { defineRoute } from "@/server/kit/define-route";
import { getDb } from "@/server/db";
import { appendAudit } from "@/server/audit/append";
import { signCheckpoint } from "@/server/audit/checkpoint";
import { verifyChain } from "@/server/audit/verify";
import { conflict } from "@/server/errors";

/**
 * A signed checkpoint of the verified chain, as a file to keep outside the console. Only a chain
 * that verifies is checkpointed; the download itself is an audit record naming the checkpoint.
 */
export const GET = defineRoute({
  permission: "audit:read",
  query: z.object({}),
  run: async (_query, { user, requestId, ip }) => {
    const db = await getDb();
    const verdict = await verifyChain(db);
    if (!verdict.ok) throw conflict(`The chain does not verify, so it cannot be checkpointed: ${verdict.message}`);
    const checkpoint = await signCheckpoint(db, {
      lastSeq: verdict.lastSeq,
      count: verdict.count,
      headHash: verdict.headHash,
    });
    await appendAudit({
      actor: { id: user.id, email: user.email, role: user.role },
      action: "audit.checkpoint",
      target: "audit_log",
      input: { lastSeq: checkpoint.lastSeq, count: checkpoint.count, headHash: checkpoint.headHash, at: checkpoint.at },
      outcome: "ok",
      requestId,
      ip,
    });
    const stamp = checkpoint.at.replace(/[:.]/g, "-");
    return new Response(`${JSON.stringify(checkpoint, null, 2)}\n`, {
      headers: {
        "content-type": "application/json",
        "content-disposition": `attachment; filename="audit-checkpoint-${stamp}.json"`,
        "cache-control": "no-store",
        "x-request-id": requestId,
      },
    });
  },
});
