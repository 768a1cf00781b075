import "server-only";
import { z } from "zod";
import { validateEventFilters, type EventFilterState, type ValidFilters } from "@/lib/alerts/filters";
import { loadEventFilters } from "@/lib/alerts/search-params";

/**
 * The events page's filters as an action receives them: the page's query string, read with the
 * page's own parsers and checked by the page's own validation, so the server accepts exactly what
 * the page shows. Each bad value is a field message under `filters.<key>`, before anything runs.
 */
export const eventFiltersQuerySchema = z
  .string()
  .max(20_000, "The filters are too long")
  .transform((query, ctx): ValidFilters => {
    const state = loadEventFilters(new URLSearchParams(query.replace(/^\?/, ""))) as EventFilterState;
    const { filters, errors } = validateEventFilters(state);
    if (filters) return filters;
    for (const [key, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [key], message });
    return z.NEVER;
  });
