"use server";
import { after } from "next/server";
import { z } from "zod";
import { filtersRecord } from "@/lib/alerts/filters";
import { CADENCES } from "@/lib/alerts/schedules";
import { isZone } from "@/lib/shared/time-zone";
import { exportRequestSchema } from "@/server/alerts/export/request-input";
import { SCHEDULE_CREATE_ACTION } from "@/server/alerts/schedules/creates-on-record";
import { SCHEDULE_STOP_ACTION } from "@/server/alerts/schedules/stops-on-record";
import { createSchedule, stopSchedule } from "@/server/alerts/schedules/store";
import { lookForDueSchedules } from "@/server/alerts/schedules/tick";
import { defineAction } from "@/server/kit/define-action";

/**
 * Saves the events page's filters as a schedule: for each day, week or month that ends in the zone,
 * the same export as a person's, started as its owner (server/alerts/schedules/tick.ts). Once the answer
 * (and its audit record) is out, this process looks at once, so the period that has just ended, when
 * asked for, is exported now rather than at the next look.
 */
export const createExportSchedule = defineAction({
  action: SCHEDULE_CREATE_ACTION,
  secretFields: [],
  permission: "alerts:export",
  input: exportRequestSchema.extend({
    cadence: z.enum(CADENCES, { message: "Choose daily, weekly or monthly" }),
    timeZone: z.string().max(64).refine(isZone, "Not a time zone"),
    includeLastPeriod: z.boolean(),
  }),
  target: (input) => input.webhookId,
  auditInput: (input) => ({ ...input, filters: filtersRecord(input.filters) }),
  run: async (input, { user }) => {
    const saved = await createSchedule(input, user);
    after(lookForDueSchedules);
    return saved;
  },
  auditResult: (r) => ({ scheduleId: r.id, firstPeriod: r.firstPeriod }),
});

export const stopExportSchedule = defineAction({
  action: SCHEDULE_STOP_ACTION,
  secretFields: [],
  permission: "alerts:export",
  input: z.object({ id: z.uuid("Unknown schedule") }),
  target: (input) => input.id,
  run: (input, { user }) => stopSchedule(input.id, user),
  auditResult: (r) => ({ webhookId: r.webhookId }),
});
