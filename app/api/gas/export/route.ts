import { gasExportQuerySchema } from "@/lib/gas/schemas";
import { gasUsageCsv } from "@/server/gas/csv";
import { gasUsage } from "@/server/gas/usage";
import { defineRoute } from "@/server/kit/define-route";

/**
 * GET /api/gas/export?chains=eip155:1,eip155:137&range=12&asOf=<ms> — the page's table as CSV
 * (the shared CSV writer, formulas escaped). Reading every chain must succeed: a file that
 * silently left a chain out would not be what the page shows.
 */
export const GET = defineRoute({
  permission: "gas:read",
  query: gasExportQuerySchema,
  run: async ({ chains, range, asOf }, { requestId }) => {
    const answers = await Promise.all(chains.map(async (chainId) => ({ chainId, data: await gasUsage(chainId) })));
    const now = asOf ?? Date.now();
    const { csv, rows, sha256 } = gasUsageCsv(answers, range, now);
    const day = new Date(now).toISOString().slice(0, 10);
    return new Response(csv, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="gas-usage-${range === "all" ? "all" : `${range}-months`}-${day}.csv"`,
        "cache-control": "private, no-store",
        "x-row-count": String(rows),
        "x-content-sha256": sha256,
        "x-request-id": requestId,
      },
    });
  },
});
