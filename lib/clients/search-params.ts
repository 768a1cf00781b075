/**
 * The clients pages in the URL: one set of nuqs parsers and one loader per page, used by the page's
 * prefetch (server) and the views' hooks (client), so both ask for the same data under the same key.
 * Values the parsers cannot read come back as their default; the views' own checks (the page-size
 * rule, the chain resolver) say what was refused.
 */
import { createLoader, parseAsArrayOf, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { cursorParsers } from "../shared/cursor-stack";
import { TIMELINE_KIND_IDS } from "./timeline";

/** `/clients`: the page size (checked by clientsPageQuerySchema) and the cursor stack. */
export const clientsListSearchParams = {
  take: parseAsString,
  ...cursorParsers,
};

export const loadClientsList = createLoader(clientsListSearchParams);

/** `/clients/<id>`: the open tab, the assets tab's chain and the timeline's kinds. */
export const clientDetailSearchParams = {
  tab: parseAsString.withDefault("assets"),
  /** A shortcut or CAIP-2 id, read by assetsChainFromUrl; absent = every chain with a wallet. */
  chain: parseAsString,
  kinds: parseAsArrayOf(parseAsStringLiteral(TIMELINE_KIND_IDS)).withDefault([]).withOptions({ history: "replace" }),
};

export const loadClientDetail = createLoader(clientDetailSearchParams);
