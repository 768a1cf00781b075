import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { tables, type Db } from "@/server/db";
import { ACKNOWLEDGE_ACTION, acceptedBreakSchema } from "./acknowledge-format";
import type { AuditKeys } from "./keys";
import { sealHolds } from "./record-seal";

export interface AcknowledgedBreak {
  /** The acknowledgement's own record. */
  seq: number;
  at: string;
  by: string | null;
  finding: string;
  reason: string;
}

export interface Acknowledgements {
  /** Rows allowed not to link to the row before them (or to follow a gap in the numbers). */
  linkBreaks: Set<number>;
  /** Rows allowed not to carry their seal. */
  edited: Set<number>;
  /** Checkpoints made before this instant no longer bind: they name records an operator accepted as gone. */
  checkpointsBefore: string | undefined;
  bySeq: Map<number, AcknowledgedBreak>;
}

const acknowledgementSchema = z.object({
  finding: z.object({ message: z.string() }),
  reason: z.string(),
  accepts: acceptedBreakSchema,
});

/**
 * The acknowledgements in the log whose own seal verifies (only someone with the chain's keys can
 * write one, so a forged row cannot excuse anything), and what they let the walk pass.
 */
export async function acknowledgements(db: Db, keys: AuditKeys | undefined): Promise<Acknowledgements> {
  const found: Acknowledgements = {
    linkBreaks: new Set(),
    edited: new Set(),
    checkpointsBefore: undefined,
    bySeq: new Map(),
  };
  if (!keys) return found;
  const rows = await db.select().from(tables.auditLog).where(eq(tables.auditLog.action, ACKNOWLEDGE_ACTION));
  for (const row of rows) {
    if (!sealHolds(keys, row)) continue;
    const parsed = acknowledgementSchema.safeParse(row.input);
    if (!parsed.success) continue;
    const { accepts } = parsed.data;
    if (accepts.linkBreakAtSeq !== undefined) found.linkBreaks.add(accepts.linkBreakAtSeq);
    if (accepts.editedSeq !== undefined) found.edited.add(accepts.editedSeq);
    if (accepts.checkpointsBefore && (!found.checkpointsBefore || accepts.checkpointsBefore > found.checkpointsBefore))
      found.checkpointsBefore = accepts.checkpointsBefore;
    found.bySeq.set(row.seq, {
      seq: row.seq,
      at: new Date(row.at).toISOString(),
      by: row.actorEmail,
      finding: parsed.data.finding.message,
      reason: parsed.data.reason,
    });
  }
  return found;
}
