import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { canonicalJson } from "./chain";
import type { Db } from "@/server/db";
import { auditKeys } from "./keys";

/**
 * A signed statement of the chain's head at one moment: which record was last, its seal and how
 * many records led to it. Kept outside the console (a ticket, a compliance archive), it anchors
 * the log: a later verify against it notices records removed from the end, even if whoever removed
 * them also rewrote the head row in the database.
 */
export const CHECKPOINT_FORMAT = "custodian-console.audit-checkpoint/v1";

const hex64 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 hex digits");

export const checkpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT, { message: "not an audit checkpoint of this console" }),
  lastSeq: z.number().int().min(0),
  count: z.number().int().min(0),
  headHash: hex64,
  at: z.iso.datetime({ offset: true }),
  hmac: hex64,
});

export type Checkpoint = z.infer<typeof checkpointSchema>;
type Unsigned = Omit<Checkpoint, "hmac">;

function mac(key: Buffer, body: Unsigned): string {
  return createHmac("sha256", key).update(canonicalJson(body)).digest("hex");
}

export async function signCheckpoint(
  db: Db,
  head: { lastSeq: number; count: number; headHash: string },
  at = new Date(),
): Promise<Checkpoint> {
  const body: Unsigned = { format: CHECKPOINT_FORMAT, ...head, at: at.toISOString() };
  return { ...body, hmac: mac((await auditKeys(db)).checkpoint, body) };
}

/** Whether the checkpoint was signed by this console's key and not altered since. */
export async function checkpointIsAuthentic(db: Db, checkpoint: Checkpoint): Promise<boolean> {
  const { hmac, ...body } = checkpoint;
  const expected = Buffer.from(mac((await auditKeys(db)).checkpoint, body), "hex");
  const given = Buffer.from(hmac, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Parses an uploaded checkpoint file; a clear message for anything that is not one. */
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
