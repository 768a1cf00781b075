/** What the alerts pages read, as the console's routes serve it. */
import type { AlertWebhook, ListAlertEventsResponse } from "@/lib/contracts";

export type WebhookSummary = AlertWebhook & {
  /** Failed deliveries in the last 24 hours; null when the count could not be read. */
  failedLast24h: number | null;
  /** The start of that count's window (a whole minute), for the link to exactly those events. */
  failedSince: string;
  /** Failed events the upstream will drop within the next day if every retry fails (drop horizon); null when unread. */
  dropsWithinDay: number | null;
  /** Of those, within the next hour. */
  dropsWithinHour: number | null;
  /** Transactions of the last day whose confirmed alerts did not all come (chain watchdog); null when unread. */
  watchdogFindings: number | null;
  /** Confirmed transactions of the last day the chain disagrees with (chain watchdog); null when unread. */
  watchdogDisputed: number | null;
};

export type EventsPage = ListAlertEventsResponse;
