import "server-only";
import { eq } from "drizzle-orm";
import { caseHosts, type ActionEnvelope } from "@/lib/cases/case-ref";
import { actionEnvelopeSchema } from "@/lib/cases/schemas";
import { getDb, tables } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";

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
 * Refuses an act an administrator requires a case for when none was given. Read on every act, not
 * kept: a requirement set on one instance holds on every other at once.
 */
export async function assertCaseGiven(action: string, envelope: ActionEnvelope): Promise<void> {
  if (envelope.caseRef) return;
  const db = await getDb();
  const [required] = await db
    .select({ action: tables.caseRequirements.action })
    .from(tables.caseRequirements)
    .where(eq(tables.caseRequirements.action, action))
    .limit(1);
  if (required)
    throw new AppError(
      "VALIDATION",
      "An administrator requires a case reference for this act: set the case you are working on (top of the page) and try again.",
      { caseRef: "Required for this act" },
    );
}
