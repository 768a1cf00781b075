/**
 * The timeline route's query (`?kinds=&cursor=&limit=`), checked on the server. Apart from the
 * timeline's kinds (lib/clients/timeline.ts) so the client's page does not load zod for them.
 */
import { z } from "zod";
import { TIMELINE_KIND_IDS } from "./timeline";

export const timelineQuerySchema = z.object({
  kinds: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").filter(Boolean) : []))
    .pipe(z.array(z.enum(TIMELINE_KIND_IDS as [string, ...string[]], { message: "Unknown kind of entry" }))),
  cursor: z
    .string()
    .regex(/^\d+$/, "expected a record number")
    // Record numbers are safe integers; a larger one would overflow the query's bigint (a 500).
    .refine((v) => Number.isSafeInteger(Number(v)), "expected a record number")
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
