/** The /yield page in the URL: one set of nuqs parsers and one loader, for the page's prefetch and the view. */
import { createLoader, createSerializer, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { OPPORTUNITY_SORTS } from "./opportunities";

export const YIELD_TABS = ["opportunities", "positions", "runs", "history"] as const;
export type YieldTab = (typeof YIELD_TABS)[number];

/** The /yield page's URL state: the client acted for, and the list's filters. */
export const yieldPageParsers = {
  client: parseAsString,
  network: parseAsString,
  token: parseAsString,
  type: parseAsString,
  sort: parseAsStringLiteral(OPPORTUNITY_SORTS).withDefault("rate-desc"),
  tab: parseAsStringLiteral(YIELD_TABS).withDefault("opportunities"),
  /** The networks whose positions are read (CAIP-2, comma-separated). */
  networks: parseAsString,
};

const serializeYieldPage = createSerializer(yieldPageParsers);

/** The yield page showing the client's positions on one network (a run's link back). */
export const positionsPageUrl = (clientId: string, network: string) =>
  serializeYieldPage("/yield", { client: clientId, tab: "positions", networks: network });

export const loadYieldPage = createLoader(yieldPageParsers);

/** /yield/pending: the filters of the pending actions (client, network, action type). */
export const pendingParsers = { client: parseAsString, network: parseAsString, type: parseAsString };
