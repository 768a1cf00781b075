"use server";
import { z } from "zod";
import { getDb } from "@/server/db";
import { parseCheckpoint } from "@/server/audit/checkpoint";
import { verifyChain } from "@/server/audit/verify";
import { AppError } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";

export const verifyAuditChain = defineAction({
  action: "audit.verify",
  secretFields: [],
  permission: "audit:read",
  input: z.object({ checkpoint: z.string().max(4096, "That file is too large to be a checkpoint").optional() }),
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
    ...(v.ok ? { lastSeq: v.lastSeq, checkpoint: v.checkpoint ?? null } : { problem: v.problem, seq: v.seq }),
  }),
});
