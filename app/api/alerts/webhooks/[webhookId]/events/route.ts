import { z } from "zod";
import { validateEventFilters } from "@/lib/alerts/filters";
import { loadEventFilters } from "@/lib/alerts/search-params";
import { markedEventsPage } from "@/server/alerts/test-activity/events-page";
import { AppError } from "@/server/errors";
import { defineRoute } from "@/server/kit/define-route";

/**
 * One page of a webhook's events for the filters in the query string (the page's own URL keys),
 * plus `cursor` for the next page, test activity marked (and left out or kept alone by `test`). Invalid filters are refused here, never sent upstream.
 */
export const GET = defineRoute({
  permission: "alerts:read",
  query: z.object({ webhookId: z.string().min(1).max(100), cursor: z.string().min(1).max(100).optional() }).loose(),
  run: async ({ webhookId, cursor }, { request }) => {
    const { filters, errors } = validateEventFilters(loadEventFilters(request.nextUrl.searchParams));
    if (!filters) throw new AppError("VALIDATION", "Please check the filters.", errors as Record<string, string>);
    return markedEventsPage(webhookId, filters, cursor);
  },
});
