import "server-only";
import { createHmac } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);

/** Serializes appends across every console instance: each record needs the previous one's seal. */
export const CHAIN_LOCK = 7_245_002;

/** The fields a record's seal covers, in a fixed order; everything a reviewer reads is covered. */
export interface HashedFields {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  action: string;
  target: string | null;
  input: unknown;
  outcome: "intent" | "ok" | "error";
  errorCode: string | null;
  errorMessage: string | null;
  requestId: string | null;
  ip: string | null;
  intentId: string | null;
}

/** JSON with object keys sorted at every level, so jsonb's own key order cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return "null";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** Where a record stands: its sequence number and the key epoch that seals it. */
export interface Position {
  seq: number;
  keyEpoch: number;
}

const sealedContent = (fields: HashedFields) =>
  canonicalJson({
    ...fields,
    // Timestamps come back from the database in its own text form; seal the instant, not the text.
    at: new Date(fields.at).toISOString(),
    input: fields.input ?? null,
  });

/**
 * HMAC-SHA-256 under the chain key over the previous record's seal, this record's position and its
 * canonical content: an edited, inserted, deleted or renumbered row breaks the chain at that point,
 * and without the key nobody can compute a seal that verifies.
 */
export function recordHash(key: Buffer, prevHash: string, fields: HashedFields, at: Position): string {
  return createHmac("sha256", key)
    .update(`custodian-console/audit-record/v2\n${prevHash}\n${at.seq}\n${at.keyEpoch}\n`)
    .update(sealedContent(fields))
    .digest("hex");
}

/**
 * The first seal format (records written before sequence numbers and key epochs were sealed): the
 * previous seal and the content only. Such records can only come before every record of the
 * current format, and only under the first epoch's key.
 */
export function legacyRecordHash(key: Buffer, prevHash: string, fields: HashedFields): string {
  return createHmac("sha256", key).update(prevHash).update("\n").update(sealedContent(fields)).digest("hex");
}

/** Every field of HashedFields, once: a field added to the interface and not here fails to compile. */
export const SEALED_FIELDS = [
  "id",
  "at",
  "actorId",
  "actorEmail",
  "actorRole",
  "action",
  "target",
  "input",
  "outcome",
  "errorCode",
  "errorMessage",
  "requestId",
  "ip",
  "intentId",
] as const satisfies readonly (keyof HashedFields)[];
const everyFieldSealed: Exclude<keyof HashedFields, (typeof SEALED_FIELDS)[number]> extends never ? true : never = true;
void everyFieldSealed;

/** The sealed fields of a stored row, in the form its seal was computed over. */
export function sealedFields(row: HashedFields): HashedFields {
  return Object.fromEntries(SEALED_FIELDS.map((field) => [field, row[field]])) as unknown as HashedFields;
}
