"use server";
import { z } from "zod";
import { auditFiltersSchema } from "@/lib/audit";
import type { AuditExportResult } from "@/lib/audit/export";
import type { JobRunView } from "@/lib/jobs";
import { parseCheckpoint, signCheckpoint } from "@/server/audit/checkpoint";
import { checkpointFileName, writeCheckpointFile } from "@/server/audit/checkpoint-files";
import { queueAuditExport } from "@/server/audit/export/start";
import { verifyChain } from "@/server/audit/verify";
import { getDb } from "@/server/db";
import { AppError, conflict } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";

export const verifyAuditChain = defineAction({
  action: "audit.verify",
  secretFields: [],
  permission: "audit:read",
  runsWhileChainBroken: true,
  input: z.object({ checkpoint: z.string().max(8192, "That file is too large to be a checkpoint").optional() }),
  auditInput: ({ checkpoint }) => ({ againstCheckpoint: checkpoint !== undefined }),
  run: async ({ checkpoint }) => {
    if (checkpoint === undefined) return verifyChain(await getDb());
    const parsed = parseCheckpoint(checkpoint);
    if (!parsed.ok) throw new AppError("VALIDATION", parsed.message, { checkpoint: parsed.message });
    return verifyChain(await getDb(), { checkpoint: parsed.checkpoint });
  },
  auditResult: (v) => ({
    ok: v.ok,
    count: v.count,
    anchor: v.anchor,
    ...(v.ok
      ? { lastSeq: v.lastSeq, checkpoint: v.checkpoint ?? null }
      : { problem: v.problem, seq: v.seq, missing: v.missing }),
  }),
});

/**
 * A signed checkpoint of the verified chain, as a file to keep outside the console (a copy also goes
 * to the checkpoint directory). Only a chain that verifies is checkpointed.
 */
export const createAuditCheckpoint = defineAction({
  action: "audit.checkpoint",
  permission: "audit:read",
  input: z.object({}),
  secretFields: [],
  target: () => "audit_log",
  run: async () => {
    const db = await getDb();
    const verdict = await verifyChain(db);
    if (!verdict.ok) throw conflict(`The chain does not verify, so it cannot be checkpointed: ${verdict.message}`);
    const checkpoint = await signCheckpoint(
      db,
      { lastSeq: verdict.lastSeq, lastHash: verdict.headHash, count: verdict.count, lastAt: verdict.lastAt },
      "download",
    );
    await writeCheckpointFile(checkpoint);
    return { checkpoint, fileName: checkpointFileName(checkpoint) };
  },
  auditResult: ({ checkpoint }) => ({
    lastSeq: checkpoint.lastSeq,
    count: checkpoint.count,
    headHash: checkpoint.headHash,
    at: checkpoint.at,
    signedBy: checkpoint.signature.keyId,
  }),
});

/** Starts (or joins) an export of the whole filtered audit log; follow it with GET /api/jobs/<id>. */
export const startAuditExport = defineAction({
  action: "audit.export-start",
  permission: "audit:read",
  input: z.object({ filters: auditFiltersSchema }),
  secretFields: [],
  target: () => "audit_log",
  run: async ({ filters }, { user }): Promise<JobRunView<AuditExportResult>> =>
    (await queueAuditExport(user, filters)).run,
  auditResult: (run) => ({ runId: run.id, status: run.status }),
});
