"use client";
import { useQueryStates } from "nuqs";
import { validateEventFilters } from "@/lib/alerts/filters";
import { eventFilterParsers, serializeEventFilters } from "@/lib/alerts/search-params";

/**
 * The events filters from the URL (the same parsers the page uses on the server), checked: a
 * hand-edited URL falls back value by value and the messages say what was wrong. `query` is the
 * canonical query string of the filters: the cache key, the route's query, and a saved view.
 */
export function useEventFilters() {
  const [state, setState] = useQueryStates(eventFilterParsers, { history: "push" });
  const { filters, errors } = validateEventFilters(state);
  const query = serializeEventFilters(state).replace(/^\?/, "");
  return { state, setState, filters, errors, query };
}
