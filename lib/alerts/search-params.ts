/**
 * A webhook's events page in the URL: one set of nuqs parsers and one loader, used by the page's
 * prefetch (server), the events route, the export and replay inputs and the view (client).
 */
import {
  createLoader,
  createSerializer,
  parseAsArrayOf,
  parseAsInteger,
  parseAsString,
  parseAsStringLiteral,
} from "nuqs/server";
import { ALERT_EVENT_TYPES, DELIVERY_STATUSES } from "@/lib/contracts/alert-values";
import { zoneParsers } from "@/lib/shared/search-params";
import { UTC } from "@/lib/shared/time-zone";
import { RECEIPT_OUTCOMES } from "./replay-receipts";
import { DEFAULT_TEST_MODE, SUMMARY_TEST_MODE, TEST_MODES } from "./test-activity";

export const EVENT_PAGE_SIZES = [50, 100, 250, 500, 1000] as const;
export const DEFAULT_EVENT_PAGE_SIZE = 100;

/** URL keys: short, stable (saved views and shared links depend on them). */
export const eventFilterParsers = {
  type: parseAsStringLiteral(ALERT_EVENT_TYPES).withDefault("EIP_155_TX_V1"),
  status: parseAsArrayOf(parseAsStringLiteral(DELIVERY_STATUSES)).withDefault([]),
  from: parseAsString,
  to: parseAsString,
  tz: parseAsString.withDefault(UTC),
  hash: parseAsString,
  blocks: parseAsString,
  chains: parseAsArrayOf(parseAsString).withDefault([]),
  limit: parseAsInteger.withDefault(DEFAULT_EVENT_PAGE_SIZE),
  /** Test activity (events of the console's test clients): include, exclude or only. */
  test: parseAsStringLiteral(TEST_MODES).withDefault(DEFAULT_TEST_MODE),
};

export const serializeEventFilters = createSerializer(eventFilterParsers);

export const loadEventFilters = createLoader(eventFilterParsers);

/**
 * The test-activity switch of the summary pages (delivery health, drop horizon, chain watchdog): their
 * figures are alarms, so test activity is left out unless the URL asks for it (docs/user-guide.md).
 */
export const summaryTestParsers = {
  test: parseAsStringLiteral(TEST_MODES).withDefault(SUMMARY_TEST_MODE),
};
export const loadSummaryTest = createLoader(summaryTestParsers);

export const HEALTH_RANGES = ["24h", "7d", "30d"] as const;
export type HealthRange = (typeof HEALTH_RANGES)[number];

/** A webhook's delivery health: the range, the zone its buckets are cut in, and the test switch. */
export const healthParsers = {
  range: parseAsStringLiteral(HEALTH_RANGES).withDefault("7d"),
  ...zoneParsers,
  ...summaryTestParsers,
};
export const loadHealth = createLoader(healthParsers);

/** The chain watchdog's list: every finding, or one kind. */
export const WATCHDOG_SHOWS = ["all", "missing", "mined", "unknown"] as const;
export const watchdogParsers = { show: parseAsStringLiteral(WATCHDOG_SHOWS).withDefault("all") };

/** A replay's receipts: every outcome, or one. */
export const RECEIPT_SHOWS = ["all", ...RECEIPT_OUTCOMES] as const;
export const receiptsParsers = { outcome: parseAsStringLiteral(RECEIPT_SHOWS).withDefault("all") };
export const loadReceipts = createLoader(receiptsParsers);
