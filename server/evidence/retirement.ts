import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { documentDigest, RETIREMENT_FORMAT, type RetiredDocument } from "@/lib/evidence/retirement";
import { chainDir, listOrEmpty } from "@/server/audit/checkpoint-dir";
import { chainFolders } from "@/server/audit/checkpoint-files";
import { tables, type Db } from "@/server/db";
import { signDocument, type Signed } from "./sign";

export type RetirementStatement = Signed<{
  format: typeof RETIREMENT_FORMAT;
  keyId: string;
  publicKey: string;
  createdAt: string;
  retiredAt: string;
  documents: RetiredDocument[];
}>;

/**
 * Everything the retired key signed, as the console knows it: the documents it recorded as it signed
 * them, and the checkpoint files of the checkpoint directory signed by that key (signed before the
 * console kept such records). Each by the digest of the bytes its signature covers.
 */
async function signedBy(db: Db, keyId: string): Promise<RetiredDocument[]> {
  const found = new Map<string, RetiredDocument>();
  const rows = await db.select().from(tables.evidenceSignatures).where(eq(tables.evidenceSignatures.keyId, keyId));
  for (const row of rows)
    found.set(row.digest, { sha256: row.digest, kind: row.kind, signedAt: new Date(row.signedAt).toISOString() });
  for (const chain of await chainFolders())
    for (const name of await listOrEmpty(chainDir(chain))) {
      if (!name.endsWith(".json")) continue;
      const doc = await readFile(path.join(chainDir(chain), name), "utf8").then(
        (text) => JSON.parse(text) as Record<string, unknown>,
        () => undefined,
      );
      const signature = doc?.signature as { keyId?: unknown } | undefined;
      if (!doc || signature?.keyId !== keyId) continue;
      const digest = documentDigest(doc);
      if (!found.has(digest))
        found.set(digest, { sha256: digest, kind: String(doc.format ?? "document"), signedAt: String(doc.at ?? "") });
    }
  return [...found.values()].sort((a, b) => a.signedAt.localeCompare(b.signedAt) || a.sha256.localeCompare(b.sha256));
}

/** The statement the current (successor) key signs about a key just retired. */
export async function retirementStatement(
  db: Db,
  retired: { keyId: string; publicKey: string; createdAt: string; retiredAt: string },
): Promise<RetirementStatement> {
  return signDocument(db, {
    format: RETIREMENT_FORMAT as typeof RETIREMENT_FORMAT,
    ...retired,
    documents: await signedBy(db, retired.keyId),
  });
}
