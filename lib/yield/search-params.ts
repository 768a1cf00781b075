/** The /yield page in the URL: one set of nuqs parsers and one loader, for the page's prefetch and the view. */
import { createLoader, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { OPPORTUNITY_SORTS } from "./opportunities";

/** The /yield page's URL state: the client acted for, and the list's filters. */
export const yieldPageParsers = {
  client: parseAsString,
  network: parseAsString,
  token: parseAsString,
  type: parseAsString,
  sort: parseAsStringLiteral(OPPORTUNITY_SORTS).withDefault("rate-desc"),
  tab: parseAsStringLiteral(["opportunities", "positions", "runs", "history"] as const).withDefault("opportunities"),
  /** The networks whose positions are read (CAIP-2, comma-separated). */
  networks: parseAsString,
};

export const loadYieldPage = createLoader(yieldPageParsers);
