import { z } from "zod";
import { checkCaseRef } from "./case-ref";
import { REQUIRABLE_ACTIONS } from "./requirable";

export const caseRequirementSchema = z.strictObject({
  action: z.enum(REQUIRABLE_ACTIONS, "Not an act a case can be required for"),
  required: z.boolean(),
});

/** The schema of a case reference, for the hosts allowed. */
function caseRefSchema(allowedHosts: readonly string[] | "any") {
  return z.string().transform((text, ctx) => {
    const check = checkCaseRef(text, allowedHosts);
    if (check.ok) return check.value;
    ctx.addIssue({ code: "custom", message: check.message });
    return z.NEVER;
  });
}

/** What every action accepts beside its input: the case it is done for. */
export function actionEnvelopeSchema(allowedHosts: readonly string[]) {
  return z
    .strictObject({ caseRef: caseRefSchema(allowedHosts).optional() })
    .optional()
    .transform((envelope) => envelope ?? {});
}

/** A case to gather: any link host (a case recorded before the allowed hosts changed is still one). */
export const caseBundleSchema = z.strictObject({ caseRef: caseRefSchema("any") });
