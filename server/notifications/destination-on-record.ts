import "server-only";
import { z } from "zod";
import { inputOnRecord, trustedOutcomes } from "@/server/audit/trusted-records";
import type { Db } from "@/server/db";
import { isAppError } from "@/server/errors";

/** The act that sets where notifications go (server/actions/notifications.ts). */
export const DESTINATION_ACTION = "notifications.destination";
/** The target of the notification acts but a rule's switch (./rules-on-record.ts names those). */
export const NOTIFICATIONS_TARGET = "notifications";

export interface DestinationOnRecord {
  /** The destination as recorded (scheme, host and path), or null when the newest change cleared it. */
  shown: string | null;
  by: string | null;
  at: string;
  /** The keyed fingerprint of the URL it set (./destination-fingerprint.ts); undefined on records from before it. */
  fingerprint?: string;
}

const destinationSchema = z.object({ input: z.object({ destination: z.string().nullable() }) });
const resultSchema = z.object({ result: z.object({ fingerprint: z.string() }) });

/**
 * The newest destination an admin set, as the audit chain says; undefined when none was ever set or it
 * cannot be trusted (a record changed outside the console raises the chain's alarm, and the page then says
 * nothing of it rather than the pass failing). The vault holds the URL itself: a destination on record with
 * none in the vault was deleted outside the console, one that is not the vault's was put back from a backup
 * (./settings.ts).
 */
export async function destinationOnRecord(db: Db): Promise<DestinationOnRecord | undefined> {
  try {
    const { rows, trust } = await trustedOutcomes(db, {
      action: DESTINATION_ACTION,
      targets: [NOTIFICATIONS_TARGET],
      what: "where notifications are sent",
    });
    const newest = rows.at(-1);
    if (!newest) return undefined;
    const said = await inputOnRecord(db, newest, trust, destinationSchema);
    if (!said) return undefined;
    const result = resultSchema.safeParse(newest.input);
    return {
      shown: said.destination,
      by: newest.actorEmail,
      at: new Date(newest.at).toISOString(),
      ...(result.success ? { fingerprint: result.data.result.fingerprint } : {}),
    };
  } catch (error) {
    if (isAppError(error) && error.code === "AUDIT_UNAVAILABLE") return undefined;
    throw error;
  }
}
