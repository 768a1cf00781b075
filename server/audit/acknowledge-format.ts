import "server-only";
import { z } from "zod";

/** The record an operator's acknowledgement of a broken chain is (server/audit/acknowledge.ts). */
export const ACKNOWLEDGE_ACTION = "audit.break-acknowledged";

/** What an acknowledgement lets Verify walk past; anything else still fails. */
export const acceptedBreakSchema = z.object({
  /** The record that does not link to the one before it (records before it were removed). */
  linkBreakAtSeq: z.number().int().optional(),
  /** A record whose seal does not verify (it was edited). */
  editedSeq: z.number().int().optional(),
  /** Checkpoints made before the acknowledgement name records that are gone. */
  checkpointsBefore: z.iso.datetime().optional(),
});
export type AcceptedBreak = z.infer<typeof acceptedBreakSchema>;
