import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { evidenceSignatureSchema } from "@/lib/evidence/schema";
import { checkSignature } from "@/lib/evidence/signature";
import type { Db } from "@/server/db";
import { signDocument } from "@/server/evidence/sign";
import { chainDir, CLOSING_FILE, writeFileWhole } from "./checkpoint-dir";

/**
 * A chain's closing statement, in its folder of the checkpoint directory: the chain ends here, and
 * why. "moved": the operator closed it with its keys still there before moving the console to a new
 * database (`npm run audit:close`). "lost": its records and keys were gone, and an operator
 * acknowledged that and started a new chain (`npm run audit:acknowledge`). Without one, another
 * chain's checkpoints in the directory mean this database's log was wiped, and Verify says so.
 */
export const CLOSING_FORMAT = "custodian-console.audit-chain-closed/v1";

const closingSchema = z.object({
  format: z.literal(CLOSING_FORMAT),
  chainId: z.string().regex(/^[0-9a-f]{32}$/),
  reason: z.enum(["moved", "lost"]),
  /** The last record the chain is known to have had (from its keys, or its newest checkpoint when lost). */
  lastSeq: z.number().int().min(0),
  count: z.number().int().min(0),
  lastAt: z.iso.datetime({ offset: true }).nullable(),
  at: z.iso.datetime({ offset: true }),
  note: z.string().max(500),
  /** The chain that went on after a loss (null for a move: the next database's chain is not known yet). */
  successorChainId: z.string().nullable(),
  signature: evidenceSignatureSchema,
});
export type ClosingStatement = z.infer<typeof closingSchema>;

export async function writeClosingStatement(
  db: Db,
  statement: Omit<ClosingStatement, "format" | "signature" | "at">,
): Promise<ClosingStatement> {
  const signed = await signDocument(db, {
    format: CLOSING_FORMAT as typeof CLOSING_FORMAT,
    ...statement,
    at: new Date().toISOString(),
  });
  await writeFileWhole(path.join(chainDir(statement.chainId), CLOSING_FILE), `${JSON.stringify(signed, null, 2)}\n`);
  return signed;
}

/**
 * The chain's closing statement if it has one whose signature holds for the key it names. That key
 * need not be one this database publishes: a chain closed for a move was closed by the old
 * database's console. What vouches for the file is where it is: the checkpoint directory, which
 * someone who can only write to the database cannot write to.
 */
export async function closingStatement(chainId: string): Promise<ClosingStatement | undefined> {
  const text = await readFile(path.join(chainDir(chainId), CLOSING_FILE), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = closingSchema.safeParse(json);
  if (!parsed.success || parsed.data.chainId !== chainId) return undefined;
  return checkSignature(json).ok ? parsed.data : undefined;
}
