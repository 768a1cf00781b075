/**
 * Custodian administration: alert webhooks, their delivered events and replay (api-shapes §1.10).
 */
import { z } from "zod";
import { ALERT_EVENT_TYPES, DELIVERY_STATUSES } from "./alert-values";
import {
  caip2Schema,
  commaListSchema,
  idSchema,
  isoDateTimeSchema,
  openEnum,
  queryIntSchema,
  txHashSchema,
} from "./common";

export { ALERT_EVENT_TYPES, DELIVERY_STATUSES };
export const alertEventTypeSchema = z.enum(ALERT_EVENT_TYPES, { message: "expected EIP_155_TX_V1" });

export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES, { message: "expected success, failed or pending" });
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const alertWebhookSchema = z.looseObject({
  id: idSchema,
  url: z.string(),
  /** Event types the webhook receives; the dashboard also offers SOLANA_TX_V1 and PRE_SIGN_V1. */
  events: z.array(openEnum(["EIP_155_TX_V1", "SOLANA_TX_V1", "PRE_SIGN_V1"])),
  autoAddNewAddresses: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AlertWebhook = z.infer<typeof alertWebhookSchema>;

export const listAlertWebhooksResponseSchema = z.looseObject({ data: z.array(alertWebhookSchema) });
export type ListAlertWebhooksResponse = z.infer<typeof listAlertWebhooksResponseSchema>;

export const alertWebhookParamsSchema = z.object({ alertWebhookId: idSchema });

/** Default page size of the events list; the spec shows no maximum, the console caps it (sandbox/README.md, choice 30). */
export const ALERT_EVENTS_DEFAULT_LIMIT = 100;
export const ALERT_EVENTS_MAX_LIMIT = 1000;

const blockNumberSchema = z.string().regex(/^\d+$/, "expected block numbers as whole numbers").transform(Number);
const unixTimeSchema = queryIntSchema(0);

export const listAlertEventsQuerySchema = z.object({
  eventTypes: commaListSchema(alertEventTypeSchema).describe("Required; EIP_155_TX_V1"),
  deliveryStatuses: commaListSchema(deliveryStatusSchema)
    .optional()
    .describe("Comma-delimited: success, failed, pending"),
  since: unixTimeSchema.optional().describe("Unix time; events after it"),
  until: unixTimeSchema.optional().describe("Unix time; events before it"),
  cursor: idSchema.optional().describe("Event id for cursor pagination"),
  limit: queryIntSchema(1, ALERT_EVENTS_MAX_LIMIT).default(ALERT_EVENTS_DEFAULT_LIMIT),
  transactionHash: txHashSchema.optional(),
  blockNumbers: commaListSchema(blockNumberSchema).optional().describe("Comma-delimited block numbers"),
  chainIds: commaListSchema(caip2Schema).optional().describe("Comma-delimited CAIP-2 ids"),
});
export type ListAlertEventsQuery = z.input<typeof listAlertEventsQuerySchema>;

/** One delivery attempt: a replayed event is a new row for the same transaction hashes. */
export const alertEventSchema = z.looseObject({
  id: idSchema,
  type: openEnum(ALERT_EVENT_TYPES),
  chainId: z.string(),
  blockNumber: z.number().int(),
  transactionHashes: z.array(z.string()),
  deliveryStatus: deliveryStatusSchema,
  retries: z.number().int(),
  errorMessage: z.string().nullable(),
  /** 1 once the delivery succeeded, null otherwise: an integer flag, not a boolean. */
  confirmed: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const listAlertEventsResponseSchema = z.looseObject({
  data: z.array(alertEventSchema),
  metadata: z.looseObject({
    alertWebhook: z.looseObject({ id: idSchema, url: z.string() }),
    /** The event id to pass as `cursor` for the next page; null after the last page. */
    cursor: z.string().nullable(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});
export type ListAlertEventsResponse = z.infer<typeof listAlertEventsResponseSchema>;

export const replayFailedEventsBodySchema = z.object({
  eventIds: z.array(idSchema).min(1, "expected at least one event id"),
});
export type ReplayFailedEventsBody = z.infer<typeof replayFailedEventsBodySchema>;

export const replayFailedEventsResponseSchema = z.looseObject({
  data: z.looseObject({
    /** Ids being re-delivered. */
    replaying: z.array(z.string()),
    /** Ids that could not be replayed (not failed, unknown, or already replayed successfully). */
    failed: z.array(z.string()),
  }),
});
export type ReplayFailedEventsResponse = z.infer<typeof replayFailedEventsResponseSchema>;
