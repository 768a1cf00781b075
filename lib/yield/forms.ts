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

/** Argument values of the shapes a yield's schema can ask for; their names and types are checked per yield. */
const argumentValuesSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,40}$/, "Not an argument name"),
    z.union([z.string().max(200), z.number().finite(), z.boolean(), z.array(z.string().max(200)).max(50)]),
  )
  .refine((v) => Object.keys(v).length <= 20, "Too many arguments");

export const previewInputSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("enter"),
    clientId: clientIdSchema,
    yieldId: yieldIdSchema,
    /** Checked on the server against the yield's own argument schema (lib/yield/arguments.ts). */
    arguments: argumentValuesSchema,
    stripGas: z.boolean().default(false),
  }),
  z.object({
    intent: z.literal("exit"),
    clientId: clientIdSchema,
    yieldId: yieldIdSchema,
    arguments: argumentValuesSchema,
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

/** Abandoning a run, with why (kept on the run and in the audit record). */
export const abandonInputSchema = runIdInputSchema.extend({
  reason: z.string().trim().max(500, "At most 500 characters").optional(),
});
