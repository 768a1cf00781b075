import "server-only";
import { timingSafeEqual } from "node:crypto";
import { getDb, getDbHandle } from "@/server/db";
import { getEnv } from "@/server/env";
import { AppError, notFound, unauthenticated } from "@/server/errors";
import { jobWorkersState } from "@/server/jobs";
import { refreshJobGauges } from "./job-gauges";
import { metricsRegistry, metricsText } from "./metrics";
import { sharedReadiness, isDraining } from "./readiness";

/** What a token-holding scraper gets: every metric of this instance, in Prometheus's text format. */
export async function scrape(request: Request): Promise<Response> {
  const token = getEnv().CONSOLE_METRICS_TOKEN;
  if (!token) throw notFound("This page");
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    const refusal = unauthenticated();
    throw new AppError(refusal.code, "Send the metrics token as Authorization: Bearer <token>.");
  }
  // Job gauges are read from the database at scrape time, so every instance reports the same truth.
  // Readiness is checked now too, so console_ready is current even where nothing polls /api/ready.
  await sharedReadiness({ db: getDbHandle, jobs: jobWorkersState, draining: isDraining });
  await refreshJobGauges(await getDb()).catch(() => undefined);
  return new Response(await metricsText(), { headers: { "content-type": metricsRegistry().contentType } });
}

function bearerMatches(header: string | null, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
