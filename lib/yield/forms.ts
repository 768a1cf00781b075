/**
 * The inputs of the yield actions, checked in the form and again on the server with the same
 * schemas: nothing malformed reaches the provider.
 */
import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";

const yieldIdSchema = z
  .string()
  .trim()
  .min(1, "Choose a yield")
  .max(200, "Not a yield id")
  .regex(/^[A-Za-z0-9._:-]+$/, "Not a yield id");

/** Whole token units, at most 36 digits before and 30 after the point. */
export const amountSchema = z
  .string()
  .trim()
  .min(1, "Enter an amount")
  .regex(/^(?:\d{1,36})(?:\.\d{1,30})?$/, "An amount is a number such as 10 or 0.5")
  .refine((v) => /[1-9]/.test(v), "The amount must be more than zero");

export const previewInputSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("enter"),
    clientId: clientIdSchema,
    yieldId: yieldIdSchema,
    amount: amountSchema,
    stripGas: z.boolean().default(false),
  }),
  z.object({
    intent: z.literal("exit"),
    clientId: clientIdSchema,
    yieldId: yieldIdSchema,
    amount: amountSchema,
    stripGas: z.boolean().default(false),
  }),
  z.object({
    intent: z.literal("manage"),
    clientId: clientIdSchema,
    yieldId: yieldIdSchema,
    action: z.string().regex(/^[A-Z][A-Z0-9_]{1,60}$/, "Not a pending action type"),
    balanceType: z.string().regex(/^[a-z_]{2,30}$/, "Not a balance type"),
    stripGas: z.boolean().default(false),
  }),
]);
export type PreviewInput = z.infer<typeof previewInputSchema>;

export const runIdInputSchema = z.object({ runId: z.uuid("Unknown run") });
