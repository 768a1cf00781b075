/**
 * Whom the verify page checks a signature against, and what it may conclude. The key a document names
 * proves only that the document is unchanged since that key signed it: anyone can make a key and sign
 * a manifest that names it. A console the reviewer does not trust could also publish any key. So
 * "verified" needs a key the reviewer brought from outside the console (a key file, a pasted key, a
 * pinned key id); against the console's own published keys the page says "intact" at most.
 * `npm run verify-export` draws the same line (exit 0 against a trusted key, 3 without one).
 */
import type { Check } from "./check-export";
import { parsePublicKeys } from "./pem";
import { retiredKeyCovers } from "./retirement";
import { checkSignature, keyIdOf, type PublishedKey } from "./signature";

/** What the reviewer brought: public keys, key ids they pinned, and what a key file says of retired keys. */
export interface ReviewerKeys {
  publicKeys: string[];
  keyIds: string[];
  /** From the audit page's key file: each retired key, with its successor's statement of what it signed. */
  retired?: Pick<PublishedKey, "publicKey" | "retiredAt" | "retirement">[];
}

export type Against = { by: "reviewer"; keys: ReviewerKeys } | { by: "console"; keys: readonly PublishedKey[] };

export type Verdict =
  | { kind: "verified"; keyId: string }
  | { kind: "integrity-only"; keyId: string }
  /**
   * `signer`: set when the signature holds but its key is not one the check was against; `differs`:
   * the labels of the other checks that failed.
   */
  | { kind: "failed"; by: Against["by"]; signer?: string; differs: string[] };

const KEY_ID = /^ed25519:[0-9a-f]{16}$/;

/**
 * Pasted text: one or more key ids (`ed25519:` and 16 hex digits, apart by spaces, commas or lines), or
 * a public key as a key file holds it. Undefined when it is neither.
 */
export function parseReviewerKeys(text: string): ReviewerKeys | undefined {
  const words = text.trim().split(/[\s,]+/);
  if (words.every((w) => KEY_ID.test(w))) return { publicKeys: [], keyIds: words };
  const publicKeys = parsePublicKeys(text);
  return publicKeys ? { publicKeys, keyIds: [], retired: retiredIn(text) } : undefined;
}

/** The retired keys a key file of the audit page names (nothing for any other kind of text). */
function retiredIn(text: string): NonNullable<ReviewerKeys["retired"]> {
  try {
    const json = JSON.parse(text) as { keys?: Partial<PublishedKey>[] };
    return (json.keys ?? []).flatMap((k) =>
      typeof k.publicKey === "string" && typeof k.retiredAt === "string"
        ? [{ publicKey: k.publicKey, retiredAt: k.retiredAt, retirement: k.retirement }]
        : [],
    );
  } catch {
    return [];
  }
}

export function joinReviewerKeys(a: ReviewerKeys, b: ReviewerKeys): ReviewerKeys {
  return {
    publicKeys: [...a.publicKeys, ...b.publicKeys],
    keyIds: [...a.keyIds, ...b.keyIds],
    retired: [...(a.retired ?? []), ...(b.retired ?? [])],
  };
}

/** A retired key vouches only for what its successor listed when retiring it (./retirement.ts). */
function retiredCheck(
  doc: unknown,
  retired: Pick<PublishedKey, "retiredAt" | "retirement">,
  trusted: readonly string[],
  keyId: string,
  whose: string,
): { check: Check; signer: string } {
  const covered = retiredKeyCovers(doc as Record<string, unknown>, retired.retirement, trusted);
  return {
    check: covered.ok
      ? { label: "Signature", ok: true, detail: `Valid: ${covered.detail} (${whose}).` }
      : { label: "Signature", ok: false, detail: covered.problem },
    signer: keyId,
  };
}

/** The signature check, and whose key signed it when the signature holds (`signer`). */
export function signatureAgainst(doc: unknown, against: Against): { check: Check; signer?: string } {
  const result = checkSignature(doc);
  if (!result.ok) return { check: { label: "Signature", ok: false, detail: result.problem } };
  const { keyId, publicKey } = result;
  const check = (ok: boolean, detail: string) => ({ check: { label: "Signature", ok, detail }, signer: keyId });
  if (against.by === "reviewer") {
    const retired = against.keys.retired?.find((k) => k.publicKey === publicKey);
    if (retired && against.keys.publicKeys.includes(publicKey))
      return retiredCheck(doc, retired, against.keys.publicKeys, keyId, "a key you gave");
    if (against.keys.publicKeys.includes(publicKey)) return check(true, `Valid: signed by ${keyId}, the key you gave.`);
    // checkSignature holds the stated id to its public key's; the pinned id must be both.
    if (against.keys.keyIds.includes(keyId) && against.keys.keyIds.includes(keyIdOf(publicKey)))
      return check(true, `Valid: signed by ${keyId}, the key id you gave.`);
    return check(false, `Valid, but signed by ${keyId}, which is not the key you gave.`);
  }
  const published = against.keys.find((k) => k.publicKey === publicKey);
  if (!published) return check(false, `Valid, but signed by ${keyId}, which this console does not publish.`);
  if (published.retiredAt)
    return retiredCheck(
      doc,
      published,
      against.keys.map((k) => k.publicKey),
      keyId,
      "a retired key this console publishes",
    );
  return check(true, `Valid: signed by ${keyId}, the current key this console publishes.`);
}

/** Verified only against the reviewer's key; against the console's keys, intact at most. */
export function verdictOf(checks: readonly Check[], by: Against["by"], signer: string | undefined): Verdict {
  const passed = checks.length > 0 && checks.every((c) => c.ok);
  if (passed && signer)
    return by === "reviewer" ? { kind: "verified", keyId: signer } : { kind: "integrity-only", keyId: signer };
  const untrusted = signer !== undefined && checks.some((c) => c.label === "Signature" && !c.ok);
  const differs = checks.filter((c) => !c.ok && !(untrusted && c.label === "Signature")).map((c) => c.label);
  return untrusted ? { kind: "failed", by, signer, differs } : { kind: "failed", by, differs };
}
