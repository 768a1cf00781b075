/** What the alerts pages read, as the console's routes serve it. */
import type { AlertWebhook, ListAlertEventsResponse } from "@/lib/contracts";
import type { TestActivityNote } from "./test-activity";

export type WebhookSummary = AlertWebhook & {
  /** Failed deliveries in the last 24 hours; null when the count could not be read. */
  failedLast24h: number | null;
  /** Test-activity failures left out of that count (the summary figures leave test activity out); null when unread. */
  failedTestLeftOut: number | null;
  /** Events of these figures whose transaction is not classified yet (counted as not test activity). */
  testUnclassified: number;
  /** The start of that count's window (a whole minute), for the link to exactly those events. */
  failedSince: string;
  /** Failed events the upstream will drop within the next day if every retry fails (drop horizon); null when unread. */
  dropsWithinDay: number | null;
  /** Of those, within the next hour. */
  dropsWithinHour: number | null;
  /** Test-activity failures the drop horizon left out (of the failures it read); null when unread. */
  dropsTestLeftOut: number | null;
  /** Transactions of the last day whose confirmed alerts did not all come (chain watchdog); null when unread. */
  watchdogFindings: number | null;
  /** Confirmed transactions of the last day the chain disagrees with (chain watchdog); null when unread. */
  watchdogDisputed: number | null;
  /** Test-activity alerts the watchdog set aside before pairing; null when unread. */
  watchdogTestLeftOut: number | null;
};

/**
 * A page of a webhook's events as the events route serves it: the upstream's page (its cursor and its total
 * for the filters, test activity counted in it) with the rows the test switch keeps, and what it did.
 */
export type EventsPage = ListAlertEventsResponse & {
  testActivity: TestActivityNote & {
    /** Ids of the rows shown that are test activity (a "Test client" badge). */
    marked: string[];
    /** Ids of the rows shown whose transaction is not classified yet. */
    unclassifiedIds: string[];
    /** "only": the upstream was asked from here on (before the first test client, no event is test activity). */
    since: string | null;
  };
};
