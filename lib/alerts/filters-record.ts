/**
 * The filters of an export or a replay-all run as plain JSON (job parameters, manifests, audit
 * records), checked on read. Apart from ./filters so the events page does not load zod.
 */
import { z } from "zod";
import { isCaip2 } from "@/lib/chains";
import { ALERT_EVENT_TYPES, DELIVERY_STATUSES } from "@/lib/contracts/alert-values";
import { isZone } from "@/lib/shared/time-zone";
import { TEST_MODES } from "./test-activity";

/** The filters as plain JSON, for a job's parameters, a manifest and an audit record. */
export const filtersRecordSchema = z.object({
  type: z.enum(ALERT_EVENT_TYPES),
  statuses: z.array(z.enum(DELIVERY_STATUSES)),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  tz: z.string().refine(isZone, "not a time zone"),
  hash: z
    .string()
    .regex(/^0x[0-9a-f]{64}$/)
    .optional(),
  blocks: z.array(z.number().int().min(0)).max(1000).optional(),
  chains: z.array(z.string().refine((c): boolean => isCaip2(c), "not a CAIP-2 id")),
  /** Test activity: absent is "include" (records from before the switch). */
  test: z.enum(TEST_MODES).optional(),
});
export type FiltersRecord = z.infer<typeof filtersRecordSchema>;
