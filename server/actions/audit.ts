"use server";
import { z } from "zod";
import { getDb } from "@/server/db";
import { verifyChain } from "@/server/audit/verify";
import { defineAction } from "@/server/kit/define-action";

export const verifyAuditChain = defineAction({
  action: "audit.verify",
  permission: "audit:read",
  input: z.object({}).optional(),
  run: async () => verifyChain(await getDb()),
  auditResult: (v) => ({ ok: v.ok, count: v.count, ...(v.ok ? {} : { problem: v.problem, seq: v.seq }) }),
});
