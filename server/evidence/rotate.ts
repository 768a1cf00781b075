import "server-only";
import type { Db } from "@/server/db";
import { retirementStatement } from "./retirement";
import { attachRetirement, rotateSigningKey } from "./signing-keys";

/**
 * Retires the evidence-signing key and makes a new one current (`npm run vault:rotate`); the new key
 * then signs a statement of every document the retired one signed, kept and published beside it, so
 * a document signed by the retired key verifies only if it was signed before (lib/evidence/retirement.ts).
 */
export async function rotateEvidenceKey(db: Db): Promise<{ retired: string | null; current: string; listed: number }> {
  const rotated = await rotateSigningKey(db);
  if (!rotated.retired) return { retired: null, current: rotated.current, listed: 0 };
  const statement = await retirementStatement(db, rotated.retired);
  await attachRetirement(db, rotated.retired.keyId, statement);
  return { retired: rotated.retired.keyId, current: rotated.current, listed: statement.documents.length };
}
