import { gasUsageQuerySchema } from "@/lib/gas/schemas";
import { gasUsage } from "@/server/gas/usage";
import { defineRoute } from "@/server/kit/define-route";

/** GET /api/gas/usage?chain=eip155:1 — one chain's gas-sponsorship usage, for the page's client refetches. */
export const GET = defineRoute({
  permission: "gas:read",
  query: gasUsageQuerySchema,
  run: ({ chain }) => gasUsage(chain),
});
