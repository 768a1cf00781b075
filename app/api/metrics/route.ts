import { defineOpsRoute } from "@/server/kit/define-ops-route";
import { scrape } from "@/server/ops/scrape";

/** Prometheus metrics, for `Authorization: Bearer $CONSOLE_METRICS_TOKEN` (404 when the token is not set). */
export const GET = defineOpsRoute(scrape);
