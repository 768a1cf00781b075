"use server";
import { caseBundleSchema, caseRequirementSchema } from "@/lib/cases/schemas";
import { buildCaseBundle } from "@/server/cases/bundle";
import { takeCaseBundleBudget } from "@/server/cases/bundle-budget";
import { setCaseRequirement } from "@/server/cases/requirements";
import { REQUIRE_ACTION } from "@/server/cases/requirements-on-record";
import { getDb } from "@/server/db";
import { defineAction } from "@/server/kit/define-action";

/** Requires a case reference for one sensitive act, or stops requiring it: its audit record is the change. */
export const requireCase = defineAction({
  action: REQUIRE_ACTION,
  secretFields: [],
  permission: "users:manage",
  input: caseRequirementSchema,
  target: (input) => input.action,
  run: (input) => setCaseRequirement(input),
  auditResult: (r) => ({ changed: r.changed }),
});

/**
 * Every record of one case, the manifests of its exports and the chain's head, as one signed file for
 * the browser to save (server/cases/bundle.ts). Built while the person waits: a case is bounded, and so
 * is how many one person may ask for (server/cases/bundle-budget.ts).
 */
export const downloadCaseBundle = defineAction({
  action: "cases.bundle",
  secretFields: [],
  permission: "audit:read",
  input: caseBundleSchema,
  target: (input) => input.caseRef,
  admit: async (_input, { user }) => takeCaseBundleBudget(await getDb(), user.id),
  run: (input, { user }) => buildCaseBundle(input.caseRef, user),
  auditResult: (r) => ({ records: r.records, fileName: r.fileName }),
});
