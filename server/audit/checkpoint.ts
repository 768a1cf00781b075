import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { evidenceSignatureSchema } from "@/lib/evidence/schema";
import { checkSignature } from "@/lib/evidence/signature";
import type { Db } from "@/server/db";
import { signDocument } from "@/server/evidence/sign";
import { publishedKeys } from "@/server/evidence/signing-keys";
import { canonicalJson } from "./chain";
import type { HeadState } from "./head";
import { storedAuditKeys } from "./keys";

/**
 * A signed statement of the chain's head at one moment: which record was last, its seal and how
 * many records led to it. Kept outside the audit tables (written automatically to the checkpoint
 * directory, or downloaded into a ticket or an archive), it anchors the log: a later verify against
 * it notices records removed from the end, even if whoever removed them also rewrote the head row.
 *
 * Checkpoints are signed with the console's Ed25519 evidence key, so anyone with its public key can
 * check one (lib/evidence/signature.ts). The first format carried an HMAC only the console could
 * check; uploaded checkpoints of that format are still verified.
 */
export const CHECKPOINT_FORMAT = "custodian-console.audit-checkpoint/v2";
export const CHECKPOINT_FORMAT_V1 = "custodian-console.audit-checkpoint/v1";
export const CHECKPOINT_REASONS = [
  "first-record",
  "every-1000",
  "hourly",
  "download",
  "acknowledged",
  // The first record sealed in the current format: a head of the first format is no longer enough.
  "upgrade",
  // Right after a new key epoch began: a head or record sealed under the old keys is no longer enough.
  "key-rotation",
  // The chain's last: it was closed before the console moved to another database.
  "closed",
] as const;
export type CheckpointReason = (typeof CHECKPOINT_REASONS)[number];

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 hex digits");
const iso = z.iso.datetime({ offset: true });

const signedCheckpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  /** Which chain (the checkpoint directory may hold another console's). */
  chainId: z.string().regex(/^[0-9a-f]{32}$/),
  lastSeq: z.number().int().min(0),
  count: z.number().int().min(0),
  headHash: hex64,
  /** When the last record was written. */
  lastAt: iso.nullable(),
  /** When the checkpoint was made. */
  at: iso,
  reason: z.enum(CHECKPOINT_REASONS),
  signature: evidenceSignatureSchema,
});

const legacyCheckpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT_V1),
  lastSeq: z.number().int().min(0),
  count: z.number().int().min(0),
  headHash: hex64,
  at: iso,
  hmac: hex64,
});

export const checkpointSchema = z.discriminatedUnion("format", [signedCheckpointSchema, legacyCheckpointSchema], {
  error: "not an audit checkpoint of this console",
});

export type SignedCheckpoint = z.infer<typeof signedCheckpointSchema>;
export type Checkpoint = z.infer<typeof checkpointSchema>;

export async function signCheckpoint(
  db: Db,
  head: Omit<HeadState, "keyEpoch"> & { lastAt: string | null },
  reason: CheckpointReason,
  at = new Date(),
): Promise<SignedCheckpoint> {
  const keys = await storedAuditKeys(db);
  if (!keys) throw new Error("the audit chain has not started: there is nothing to checkpoint");
  return signDocument(db, {
    format: CHECKPOINT_FORMAT,
    chainId: keys.chainId,
    lastSeq: head.lastSeq,
    count: head.count,
    headHash: head.lastHash,
    lastAt: head.lastAt === null ? null : new Date(head.lastAt).toISOString(),
    at: at.toISOString(),
    reason,
  });
}

export type CheckpointAuthenticity = { ok: true } | { ok: false; message: string };

/** Whether the checkpoint was made by this console for this chain and not altered since. */
export async function checkpointIsAuthentic(db: Db, checkpoint: Checkpoint): Promise<CheckpointAuthenticity> {
  const keys = await storedAuditKeys(db);
  if (checkpoint.format === CHECKPOINT_FORMAT_V1) {
    if (!keys) return { ok: false, message: "This console has no audit chain to check the checkpoint against." };
    const { hmac, ...body } = checkpoint;
    const expected = Buffer.from(
      createHmac("sha256", keys.checkpoint).update(canonicalJson(body)).digest("hex"),
      "hex",
    );
    const given = Buffer.from(hmac, "hex");
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? { ok: true }
      : { ok: false, message: "This checkpoint was not signed with this console's key, or it was altered since." };
  }
  const trusted = (await publishedKeys(db)).map((k) => k.publicKey);
  const signature = checkSignature(checkpoint, trusted);
  if (!signature.ok) return { ok: false, message: signature.problem };
  if (keys && checkpoint.chainId !== keys.chainId)
    return { ok: false, message: `This checkpoint belongs to another audit chain (${checkpoint.chainId}).` };
  return { ok: true };
}

/** Parses an uploaded or stored checkpoint file; a clear message for anything that is not one. */
export function parseCheckpoint(text: string): { ok: true; checkpoint: Checkpoint } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: "The checkpoint file is not JSON." };
  }
  const parsed = checkpointSchema.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      message: `The file is not an audit checkpoint: ${parsed.error.issues[0]?.message ?? "unknown"}.`,
    };
  return { ok: true, checkpoint: parsed.data };
}
