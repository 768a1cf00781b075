/**
 * The eject area's forms, checked with the same schemas in the browser and by its server actions
 * before anything reaches the upstream.
 */
import { z } from "zod";
import { clientIdSchema, reasonSchema } from "../clients";
import { freeText } from "../shared/text";
import { EJECT_TICKET_MAX } from "./ticket";
import { EJECT_WINDOW_MINUTES } from "./window";

export const ejectRequestSchema = z.object({
  clientId: clientIdSchema,
  walletId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{6,64}$/, "Choose a wallet"),
  reason: reasonSchema,
  ticket: freeText().min(2, "Give the ticket reference").max(EJECT_TICKET_MAX),
  windowMinutes: z.coerce
    .number({ message: "Enter the window in minutes" })
    .int("Whole minutes only")
    .min(EJECT_WINDOW_MINUTES.min, "The window must be at least 1 minute (the upstream's minimum)")
    .max(EJECT_WINDOW_MINUTES.max, `At most ${EJECT_WINDOW_MINUTES.max} minutes`),
});

export const ejectRequestIdSchema = z.object({ requestId: z.uuid("Unknown request") });
/** An approval says why: the note goes into the audit record beside the requester's reason. */
export const ejectApproveSchema = z.object({
  requestId: z.uuid("Unknown request"),
  note: freeText().min(5, "Say why you approve (at least 5 characters; it goes into the audit log)").max(500),
});
export const ejectRejectSchema = z.object({
  requestId: z.uuid("Unknown request"),
  note: freeText().min(5, "Say why the request is rejected").max(500),
});
