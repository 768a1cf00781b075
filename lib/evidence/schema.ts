/** The signature member of a signed document, for server-side parsing (see ./signature.ts for the scheme). */
import { z } from "zod";
import { SIGNATURE_ALGORITHM } from "./signature";

export const evidenceSignatureSchema = z.object({
  algorithm: z.literal(SIGNATURE_ALGORITHM),
  keyId: z.string().regex(/^ed25519:[0-9a-f]{16}$/),
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
  value: z.string().regex(/^[0-9a-f]{128}$/),
});
