import "server-only";
import { sign } from "node:crypto";
import { documentDigest } from "@/lib/evidence/retirement";
import { SIGNATURE_ALGORITHM, signingBytes, type EvidenceSignature } from "@/lib/evidence/signature";
import { tables, type Db } from "@/server/db";
import { currentSigningKey } from "./signing-keys";

export type Signed<T> = T & { signature: EvidenceSignature };

/**
 * Signs a document (see lib/evidence/signature.ts for exactly what is signed and how to check it),
 * and keeps its digest: when the key is retired, its successor lists what it signed
 * (./retirement.ts), and only those documents verify under the retired key from then on.
 */
export async function signDocument<T extends Record<string, unknown>>(db: Db, document: T): Promise<Signed<T>> {
  const key = await currentSigningKey(db);
  const value = sign(null, signingBytes(document), key.privateKey).toString("hex");
  const signature: EvidenceSignature = {
    algorithm: SIGNATURE_ALGORITHM,
    keyId: key.keyId,
    publicKey: key.publicKey,
    value,
  };
  const signed = { ...document, signature };
  const kind = typeof document.kind === "string" ? document.kind : String(document.format ?? "document");
  await db
    .insert(tables.evidenceSignatures)
    .values({
      digest: documentDigest(signed),
      keyId: key.keyId,
      kind: kind.slice(0, 100),
      signedAt: new Date().toISOString(),
    })
    .onConflictDoNothing();
  return signed;
}
