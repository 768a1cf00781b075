import "server-only";

/** How an export walks the upstream. Tests shrink these to reach slice boundaries with little data. */
export interface ExportTuning {
  /** The page size tried first: the largest the upstream is known to take. */
  pageSize: number;
  /** Used instead once the upstream refused `pageSize` (and remembered for the process). */
  fallbackPageSize: number;
  /**
   * The page parallel fetchers use when the rate limit leaves room for the extra requests: a
   * response of ~300 events (~110 KB) stays under V8's large-object threshold (128 KB), so eight of
   * them a time do not pile up in old space between full collections (see plan-export.ts).
   */
  parallelPageSize: number;
  /** Slices fetched at once when the upstream is slow rather than the rate limit tight. */
  maxParallel: number;
  /** A fixed number of slices fetched at once instead of the one chosen from latency and rate limit. */
  parallel?: number;
  /** A slice holding more rows than this is split (the plan aims at four slices per parallel fetcher). */
  sliceRows: number;
  /** At most this many slices. */
  maxSlices: number;
  /** At most this many counting requests to plan the slices. */
  maxPlanRequests: number;
  /** Saves the checkpoint at most this often while pages arrive (and always when a slice ends). */
  checkpointEveryMs: number;
}

export const DEFAULT_EXPORT_TUNING: ExportTuning = {
  pageSize: 1000,
  fallbackPageSize: 100,
  parallelPageSize: 300,
  maxParallel: 8,
  sliceRows: 5_000,
  maxSlices: 64,
  maxPlanRequests: 80,
  checkpointEveryMs: 1_000,
};

let tuning: ExportTuning = DEFAULT_EXPORT_TUNING;

export function exportTuning(): ExportTuning {
  return tuning;
}

/** For tests: smaller pages and slices, faster checkpoints. */
export function setExportTuningForTests(overrides: Partial<ExportTuning> | undefined): void {
  tuning = { ...DEFAULT_EXPORT_TUNING, ...overrides };
}
