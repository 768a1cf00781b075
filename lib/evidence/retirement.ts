/**
 * What a retired signing key may still vouch for. When `npm run vault:rotate` retires the console's
 * evidence key (it may have been exposed with the vault key it was wrapped under), the new key signs
 * a statement listing the SHA-256 of every document the retired key had signed: the bytes each
 * signature covers (see ./signature.ts). Someone holding the exposed key can sign more documents, but
 * cannot add them to the statement. So a document signed by a retired key verifies only when its
 * successor's statement lists it. Isomorphic: the verify page runs this in the browser; the CLI
 * (scripts/verify-export.mjs) checks the same with Node's own crypto.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { checkSignature, signingBytes } from "./signature";

export const RETIREMENT_FORMAT = "custodian-console.key-retirement/v1";

export interface RetiredDocument {
  sha256: string;
  kind: string;
  signedAt: string;
}

/** SHA-256 (hex) of the exact bytes a document's signature covers. */
export function documentDigest(document: Record<string, unknown>): string {
  return bytesToHex(sha256(signingBytes(document)));
}

export type Coverage = { ok: true; detail: string } | { ok: false; problem: string };

/**
 * Whether `statement` (from the keys file, beside the retired key) was signed by one of `trusted`
 * other than the retired key itself, is about the key that signed `document`, and lists it.
 */
export function retiredKeyCovers(
  document: Record<string, unknown>,
  statement: unknown,
  trusted: readonly string[],
): Coverage {
  const signer = (document.signature as { keyId?: string; publicKey?: string } | undefined) ?? {};
  const none = `${signer.keyId ?? "The key"} is retired, and no statement of its successor about what it signed was given`;
  if (typeof statement !== "object" || statement === null) return { ok: false, problem: `${none}.` };
  const s = statement as {
    format?: unknown;
    keyId?: unknown;
    publicKey?: unknown;
    retiredAt?: unknown;
    documents?: unknown;
  };
  if (s.format !== RETIREMENT_FORMAT || s.publicKey !== signer.publicKey) return { ok: false, problem: `${none}.` };
  const check = checkSignature(
    statement,
    trusted.filter((k) => k !== signer.publicKey),
  );
  if (!check.ok)
    return { ok: false, problem: `The retirement statement of ${signer.keyId} does not hold: ${check.problem}` };
  const digest = documentDigest(document);
  const listed =
    Array.isArray(s.documents) && s.documents.some((d) => (d as RetiredDocument | null)?.sha256 === digest);
  return listed
    ? {
        ok: true,
        detail: `signed by ${signer.keyId} before it was retired (${String(s.retiredAt).slice(0, 10)}): the statement ${check.keyId} signed at its retirement lists this document`,
      }
    : {
        ok: false,
        problem: `Signed by ${signer.keyId}, retired ${String(s.retiredAt).slice(0, 10)}, but not among the documents its successor ${check.keyId} listed when it was retired: it may have been signed with the retired key since.`,
      };
}
