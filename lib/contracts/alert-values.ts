/**
 * The alert API's named values as plain constants, so a page can list them (filters, forms)
 * without loading zod; lib/contracts/alerts.ts builds its schemas from these.
 */
export const ALERT_EVENT_TYPES = ["EIP_155_TX_V1"] as const;
export const DELIVERY_STATUSES = ["success", "failed", "pending"] as const;
