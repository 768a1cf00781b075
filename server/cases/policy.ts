import "server-only";
import { caseHosts, type ActionEnvelope } from "@/lib/cases/case-ref";
import { actionEnvelopeSchema } from "@/lib/cases/schemas";
import { getDb } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError, auditUnavailable, isAppError } from "@/server/errors";
import { requirementsOnRecord } from "./requirements-on-record";

/** The hosts a case link may point at (CONSOLE_CASE_URL_HOSTS). */
export function allowedCaseHosts(): string[] {
  return caseHosts(getEnv().CONSOLE_CASE_URL_HOSTS);
}

/** An action's envelope, checked: a case reference that is not one is refused under its own field. */
export function parseEnvelope(raw: unknown): ActionEnvelope {
  const parsed = actionEnvelopeSchema(allowedCaseHosts()).safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const onCase = issue?.path[0] === "caseRef";
  throw new AppError("VALIDATION", onCase ? `Case: ${issue.message}` : "The request was not understood.", {
    caseRef: onCase ? issue.message : "Only a case reference may be given beside the input.",
  });
}

/**
 * Refuses an act an administrator requires a case for when none was given. Read from the audit chain
 * on every act, not kept: a requirement set on one instance holds on every other at once.
 */
export async function assertCaseGiven(action: string, envelope: ActionEnvelope): Promise<void> {
  if (envelope.caseRef) return;
  // A log that cannot be read cannot say whether a case is required: refused as a log that cannot record.
  const onRecord = await requirementsOnRecord(await getDb(), [action]).catch((error: unknown) => {
    throw isAppError(error) ? error : auditUnavailable(error);
  });
  if (onRecord.get(action)?.required)
    throw new AppError(
      "VALIDATION",
      "An administrator requires a case reference for this act: set the case you are working on (top of the page) and try again.",
      { caseRef: "Required for this act" },
    );
}
