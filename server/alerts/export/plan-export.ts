import "server-only";
import { performance } from "node:perf_hooks";
import { getEnv } from "@/server/env";
import { SHARED_WINDOW_MS } from "@/server/upstream/shared-budget";
import type { EventsReader } from "../events-reader";
import type { MsRange } from "../range";
import { freshSlice, OPEN_START, type FetchingCheckpoint } from "./checkpoint";
import { findStart, planSlices } from "./plan";
import type { ExportTuning } from "./settings";

/** Split fan-out: how many pieces one split makes, so how many counts go out at once. */
const FAN_OUT = 8;

/**
 * How many slices to fetch at once. Parallel requests help only while the upstream's latency, not
 * the rate limit, is what holds an export back: with the background share of the limit at R
 * requests/s and a round trip of L s, about R × L requests are in flight at the limit; twice that
 * (capped) keeps the pipe full, and 1 means "rate-bound: one slice, no planning requests at all".
 */
export function chooseParallelism(latencyMs: number, tuning: ExportTuning): number {
  if (tuning.parallel !== undefined) return tuning.parallel;
  return Math.min(tuning.maxParallel, Math.max(1, Math.ceil(backgroundPerSecond() * (latencyMs / 1000) * 2)));
}

/** Requests per second the background share of the console's limit allows. */
function backgroundPerSecond(): number {
  const env = getEnv();
  return (env.CUSTODIAN_RATE_LIMIT * env.CONSOLE_BACKGROUND_RATE_SHARE * 1000) / SHARED_WINDOW_MS;
}

/**
 * The page size to fetch with. Rate-bound, every request counts: the largest page the upstream
 * takes. Latency-bound with parallel fetchers, a smaller page costs no time as long as the extra
 * requests still fit in the rate allowance, and keeps each response small enough for the garbage
 * collector to reclaim young (a 1000-event response is ~370 KB, past V8's 128 KB large-object
 * threshold: at tens of pages a second those add 100+ MB to the process between full collections).
 */
export function choosePageSize(accepted: number, parallel: number, latencyMs: number, tuning: ExportTuning): number {
  const small = Math.min(accepted, tuning.parallelPageSize);
  if (parallel < 2 || small >= accepted) return accepted;
  const requestsPerSecondWithSmallPages = (parallel * 1000) / Math.max(1, latencyMs);
  return requestsPerSecondWithSmallPages <= backgroundPerSecond() ? small : accepted;
}

/**
 * The first checkpoint of an export: the upstream's total for the range (for progress), and the
 * slices. One slice when the range is small or the rate limit is the bottleneck; otherwise the
 * range split so that each of the parallel fetchers gets several slices of similar size.
 *
 * When the filters have no "From", where the events start is estimated from counts taken at
 * different moments, and the matching set may change in between (events arriving in the second
 * after the pinned end, which the widened counts see; deliveries turning failed under a status
 * filter). The estimate only balances the slices: everything before it is one more slice, open at
 * the bottom (`since` left out), so an estimate that is too late can cost a request, never an event.
 */
export async function planExport(
  reader: EventsReader,
  range: MsRange,
  tuning: ExportTuning,
  /** The largest page the upstream is known to take. */
  acceptedPageSize: number,
): Promise<{ checkpoint: FetchingCheckpoint; requests: number }> {
  let pageSize = acceptedPageSize;
  if (range.fromMs !== null && range.fromMs >= range.untilMs)
    return { checkpoint: { phase: "fetching", pageSize, parallel: 1, total: 0, slices: [] }, requests: 0 };
  const started = performance.now();
  const { total } = await reader.countExact(range);
  const latencyMs = performance.now() - started;
  const parallel = chooseParallelism(latencyMs, tuning);
  let requests = 1;
  const single = (count: number) => [freshSlice(range.fromMs ?? OPEN_START, range.untilMs, count)];
  // One fetcher: the largest page.
  if (parallel === 1 || total <= Math.max(tuning.sliceRows, pageSize))
    return { checkpoint: { phase: "fetching", pageSize, parallel: 1, total, slices: single(total) }, requests };
  pageSize = choosePageSize(pageSize, parallel, latencyMs, tuning);

  let fromMs = range.fromMs;
  let older: ReturnType<typeof freshSlice> | undefined;
  if (fromMs === null) {
    const unbounded = await reader.countWidened(range);
    const found = await findStart(range.untilMs, unbounded, reader.countWidened, {
      fanOut: FAN_OUT,
      maxRequests: Math.floor(tuning.maxPlanRequests / 4),
    });
    fromMs = found.fromMs;
    requests += 1 + found.requests;
    if (fromMs > OPEN_START) older = freshSlice(OPEN_START, fromMs, 0);
  }
  const plan = await planSlices({ lo: fromMs, hi: range.untilMs, count: total }, reader.countWidened, {
    sliceRows: Math.max(tuning.sliceRows, Math.ceil(total / (parallel * 4))),
    maxSlices: tuning.maxSlices,
    maxRequests: Math.max(0, tuning.maxPlanRequests - requests),
    fanOut: FAN_OUT,
  });
  requests += plan.requests;
  // Only a split slice has a widened count of its own; a zero there proves it empty.
  const slices = plan.slices.map((s) => freshSlice(s.lo, s.hi, s.count, plan.slices.length > 1 && s.count === 0));
  // Newest first: the open slice is the oldest.
  if (older) slices.push(older);
  return { checkpoint: { phase: "fetching", pageSize, parallel, total, slices }, requests };
}
