/**
 * The alerts area's data routes (app/api/alerts/): the URL each read asks for, built in one place so
 * the views, the page's prefetch and the tests ask for the same string (and the browser caches one).
 */
import type { TestMode } from "./test-activity";

const webhook = (webhookId: string) => `/api/alerts/webhooks/${encodeURIComponent(webhookId)}`;

/** Every scheduled export with its latest runs. */
export const schedulesUrl = () => "/api/alerts/schedules";

/** Every webhook with its summary (failures, drop horizon, watchdog). */
export const webhooksUrl = () => "/api/alerts/webhooks";

/** One page of a webhook's events: `query` is the filters' query string, `cursor` the upstream's. */
export const eventsUrl = (webhookId: string, query: string, cursor: string | null) =>
  `${webhook(webhookId)}/events?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;

/** A transaction as the chain has it, and the webhook's alerts for it. */
export const transactionUrl = (webhookId: string, chainId: string, hash: string) =>
  `${webhook(webhookId)}/transactions/${hash}?chainId=${encodeURIComponent(chainId)}`;

/** Delivery outcomes per hour or day of a range, in a zone. */
export const healthUrl = (webhookId: string, range: string, tz: string, test: TestMode) =>
  `${webhook(webhookId)}/health?range=${range}&tz=${encodeURIComponent(tz)}&test=${test}`;

/** Failed events still being retried, lost soonest first. */
export const horizonUrl = (webhookId: string, test: TestMode) => `${webhook(webhookId)}/horizon?test=${test}`;

/** Alerts whose confirmed partner never came, with the chain's word on each. */
export const watchdogUrl = (webhookId: string, test: TestMode) => `${webhook(webhookId)}/watchdog?test=${test}`;

/** The webhook's replays that left receipts. */
export const replaysUrl = (webhookId: string) => `${webhook(webhookId)}/replays`;

/** A replay run's receipts of one outcome (`show`, or "all"), after the receipt numbered `after`. */
export const receiptsUrl = (webhookId: string, runId: string, show: string, after: number) => {
  const params = new URLSearchParams();
  if (show !== "all") params.set("outcome", show);
  if (after > 0) params.set("after", String(after));
  const query = params.toString();
  return `${webhook(webhookId)}/replays/${runId}${query ? `?${query}` : ""}`;
};

/** Every receipt of a replay run as CSV. */
export const receiptsCsvUrl = (webhookId: string, runId: string) => `${webhook(webhookId)}/replays/${runId}/csv`;

/** The user's recent exports of one webhook. */
export const recentExportsUrl = (webhookId: string) =>
  `/api/alerts/exports?limit=5&webhookId=${encodeURIComponent(webhookId)}`;

/** An export run's file. */
export const exportFileUrl = (runId: string) => `/api/alerts/exports/${runId}/file`;

/** An export run's signed manifest. */
export const exportManifestUrl = (runId: string) => `/api/alerts/exports/${runId}/manifest`;
