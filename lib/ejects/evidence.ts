/**
 * The signed evidence pack of a completed key ejection: what it holds, in one schema shared by the
 * server that writes it, the route that serves it and the verify page that reads it. It is signed as
 * every piece of the console's evidence is (lib/evidence/signature.ts), and holds no share: only the
 * SHA-256 of each, so a reviewer holding the downloaded shares file can tell it is the one handed out.
 */
import { z } from "zod";

export const EJECT_EVIDENCE_KIND = "eject.evidence";
export const EJECT_EVIDENCE_FORMAT = "custodian-console.eject-evidence/v1";

/** What each share digest is taken over, written into the pack so a reviewer need not guess. */
export const SHARE_DIGEST_OF =
  "SHA-256 (lower-case hex) of the UTF-8 bytes of each share's string value as the upstream's ejectable-backup-shares answer carried it, after JSON decoding: the same string the downloaded shares file holds under the same name. null: the upstream gave no such share.";

/** Said beside an `ejectedAt` of null, so a reader does not take it for a date the console left out. */
export const EJECTED_AT_NULL_NOTE =
  "The upstream's single-client read reported ejectedAt as null when the pack was written: it names no ejection time (the sandbox never sets one).";

/** Said when the read shows the ejected wallet with no window: the window the console opened is in `execution`. */
export const WINDOW_NULL_NOTE =
  "The upstream's single-client read showed no ejectableUntil for the ejected wallet when the pack was written (the sandbox closes the window once the shares are handed out); execution.ejectableUntil is the window enable-eject answered.";

/** The steps of an ejection whose audit records the pack names, in their order. */
export const EVIDENCE_STEPS = ["request", "decision", "execute", "fetch-shares"] as const;

const iso = z.iso.datetime({ offset: true });
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * One digest per share the upstream answer names, as a list of { field, sha256 } rather than an object
 * keyed by the share's name: a key such as `custodianBackupShare` is one the console's redaction hides
 * wherever it appears (server/redact-names.ts), and these digests must survive on the audit record.
 */
export const shareDigestsSchema = z.tuple([
  z.object({ field: z.literal("encryptedClientBackupShare"), sha256: hex64.nullable() }),
  z.object({ field: z.literal("custodianBackupShare"), sha256: hex64 }),
]);
export type ShareDigests = z.infer<typeof shareDigestsSchema>;

const auditReferenceSchema = z.object({
  step: z.enum(EVIDENCE_STEPS),
  seq: z.number().int().min(1),
  id: z.uuid(),
  action: z.string(),
  outcome: z.enum(["intent", "ok", "error"]),
  at: iso,
  /** The record's seal in the audit chain (audit_log.hash). */
  hash: z.string(),
});
export type AuditReference = z.infer<typeof auditReferenceSchema>;

export const ejectEvidenceBodySchema = z.object({
  kind: z.literal(EJECT_EVIDENCE_KIND),
  format: z.literal(EJECT_EVIDENCE_FORMAT),
  requestId: z.uuid(),
  clientId: z.string(),
  /** The wallet ejected, as the request named it. */
  wallet: z.object({ id: z.string(), curve: z.string().nullable() }),
  /** The client as the upstream's single-client read showed it when the pack was written. */
  upstream: z.object({
    readAt: iso,
    ejectedAt: iso.nullable(),
    ejectedAtNote: z.string().optional(),
    ejectableUntilNote: z.string().optional(),
    wallets: z.array(z.object({ id: z.string(), curve: z.string(), ejectableUntil: iso.nullable() })),
  }),
  request: z.object({ by: z.string(), reason: z.string(), ticket: z.string(), at: iso }),
  decision: z.object({
    outcome: z.enum(["approved", "rejected"]),
    by: z.string(),
    note: z.string().nullable(),
    at: iso,
  }),
  execution: z.object({ by: z.string(), at: iso, windowMinutes: z.number().int(), ejectableUntil: iso }),
  sharesFetch: z.object({ by: z.string(), at: iso }),
  /** Null when the download's audit record holds no digests (it could not be written in full). */
  shares: z.object({ algorithm: z.literal("SHA-256"), of: z.string(), digests: shareDigestsSchema }).nullable(),
  audit: z.array(auditReferenceSchema),
  /** What the pack looked for and did not find, in words; empty when nothing is missing. */
  missing: z.array(z.string()),
  generatedAt: iso,
});
export type EjectEvidenceBody = z.infer<typeof ejectEvidenceBodySchema>;
