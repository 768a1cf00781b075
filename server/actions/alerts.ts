"use server";
import { z } from "zod";
import { formatToolSchema, retryBlockToolSchema } from "@/lib/alerts/legacy";
import { can, PERMISSION_LABELS } from "@/lib/auth/permissions";
import { SAVED_VIEW_SCOPES, saveViewSchema } from "@/lib/shared/saved-views";
import { formatRawAlert, retryBlock } from "@/server/alerts/legacy-tools";
import { admitReplay, replaySelectedEvents } from "@/server/alerts/replay-selected";
import { forbidden } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";
import { deleteView, saveView } from "@/server/saved-views/views";

/**
 * Replays the failed events the user selected; the result names the ids queued and refused, and the
 * receipts run. Within the person's budget of replayed events and of runs following receipts,
 * checked before anything is sent (admitReplay).
 */
export const replaySelected = defineAction({
  action: "alerts.replay",
  secretFields: [],
  permission: "alerts:replay",
  input: z.object({
    webhookId: z.string().min(1).max(100),
    eventIds: z
      .array(z.string().min(1).max(100))
      .min(1, "Select at least one failed event")
      .max(1000, "At most 1000 at once"),
    /** The selected events' first and last creation times: where the receipts' follower finds them. */
    window: z
      .object({ from: z.iso.datetime({ offset: true }), until: z.iso.datetime({ offset: true }) })
      .refine((w) => Date.parse(w.from) <= Date.parse(w.until), "The window's start is after its end")
      .nullable()
      .default(null),
  }),
  target: (input) => input.webhookId,
  admit: (input, { user }) => admitReplay(user, input.eventIds),
  run: (input, { user }) => replaySelectedEvents(user, input.webhookId, input.eventIds, input.window),
  auditResult: (r) => ({ queued: r.queued.length, refused: r.refused.length, receiptsRunId: r.runId }),
});

export const saveEventsView = defineAction({
  action: "views.save",
  secretFields: [],
  permission: "signed-in",
  input: saveViewSchema,
  target: (input) => `${input.scope}/${input.name}`,
  run: async (input, { user }) => {
    if (!can(user.role, SAVED_VIEW_SCOPES[input.scope]))
      throw forbidden(`saved views of ${PERMISSION_LABELS[SAVED_VIEW_SCOPES[input.scope]]}`);
    return saveView(user.id, input);
  },
});

export const deleteEventsView = defineAction({
  action: "views.delete",
  secretFields: [],
  permission: "signed-in",
  input: z.object({ id: z.uuid("Unknown view") }),
  target: (input) => input.id,
  run: (input, { user }) => deleteView(user.id, input.id),
});

/** Deprecated upstream helper: the formatted events of a raw webhook body. */
export const formatAlert = defineAction({
  action: "alerts.legacy-format",
  secretFields: [],
  permission: "alerts:legacy-tools",
  input: formatToolSchema,
  auditInput: ({ chain, many }) => ({ chain, many }),
  run: (input) => formatRawAlert(input),
});

/** Deprecated upstream helper: resend the wallet events of one EVM block. */
export const retryAlertsByBlock = defineAction({
  action: "alerts.legacy-retry-block",
  secretFields: [],
  permission: "alerts:legacy-tools",
  input: retryBlockToolSchema,
  target: (input) => `${input.chainReferenceId}/${input.blockNumber}`,
  run: (input) => retryBlock(input),
});
