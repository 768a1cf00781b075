import "server-only";
import { sign } from "node:crypto";
import { SIGNATURE_ALGORITHM, signingBytes, type EvidenceSignature } from "@/lib/evidence/signature";
import type { Db } from "@/server/db";
import { currentSigningKey } from "./signing-keys";

export type Signed<T> = T & { signature: EvidenceSignature };

/** Signs a document (see lib/evidence/signature.ts for exactly what is signed and how to check it). */
export async function signDocument<T extends Record<string, unknown>>(db: Db, document: T): Promise<Signed<T>> {
  const key = await currentSigningKey(db);
  const value = sign(null, signingBytes(document), key.privateKey).toString("hex");
  const signature: EvidenceSignature = {
    algorithm: SIGNATURE_ALGORITHM,
    keyId: key.keyId,
    publicKey: key.publicKey,
    value,
  };
  return { ...document, signature };
}
