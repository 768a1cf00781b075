import "server-only";
import type { ListAlertEventsResponse } from "@/lib/contracts/alerts";
import { JobError } from "@/server/jobs";
import type { ProgressReport } from "@/server/jobs";
import { isUpstreamErrorOf } from "@/server/upstream/errors";
import type { FetchingCheckpoint, SliceState } from "./checkpoint";
import { fetchSlice } from "./fetch-slice";
import { partPath, PartFile } from "./files";
import { isPageSizeRefusal } from "./page-size";
import type { RowFormatter } from "./rows";

export interface FetchAllDeps {
  runId: string;
  signal: AbortSignal;
  parallel: number;
  formatter: RowFormatter;
  /** One page of a slice at the given page size. */
  page(slice: SliceState, cursor: string | null, limit: number): Promise<ListAlertEventsResponse>;
  /** The ids of a page's events the test-activity switch leaves out (absent: every row is written). */
  leaveOut?: (events: ListAlertEventsResponse["data"]) => Promise<ReadonlySet<string>>;
  /** The page size to use after the upstream refused the current one (and remembers it). */
  fallbackPageSize(refused: number): number | undefined;
  progress(report: ProgressReport): void;
  saveCheckpoint(state: FetchingCheckpoint, report: ProgressReport): Promise<void>;
  checkpointEveryMs: number;
}

/**
 * Fetches every slice not done yet, `parallel` at a time, biggest first (the order of the file is
 * the slices' order, not the order they are fetched in). Checkpoints are saved at most every
 * `checkpointEveryMs` and whenever a slice completes: the state is copied, then every part file is
 * synced, then the copy is saved, so a checkpoint never claims bytes storage does not hold.
 *
 * The first error stops the other fetchers; their progress is saved, then the error is thrown
 * (the job framework retries from the checkpoint).
 */
export async function fetchAllSlices(state: FetchingCheckpoint, deps: FetchAllDeps): Promise<void> {
  const parts = new Map<number, PartFile>();
  const report = (): ProgressReport => {
    const done = state.slices.reduce((sum, s) => sum + s.rows, 0);
    return {
      done,
      total: state.total === null ? null : Math.max(state.total, done),
      message: `Exported ${done.toLocaleString("en")}${state.total === null ? "" : ` of ${state.total.toLocaleString("en")}`} events`,
    };
  };
  const stop = new AbortController();
  let failure: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    failure ??= { error };
    stop.abort(error);
  };
  const saver = new CheckpointSaver(
    async () => {
      const snapshot = structuredClone(state);
      const progress = report();
      await Promise.all([...parts.values()].map((p) => p.sync()));
      await deps.saveCheckpoint(snapshot, progress);
    },
    deps.checkpointEveryMs,
    fail,
  );

  try {
    // Every slice with bytes is checked against its file, done or not, so the file is assembled
    // only from parts that hold what their checkpoints say.
    for (const [i, slice] of state.slices.entries()) {
      if (slice.done && slice.bytes === 0) continue;
      let part = await PartFile.open(partPath(deps.runId, i), slice.bytes);
      if (!part) {
        Object.assign(slice, {
          cursor: null,
          rows: 0,
          bytes: 0,
          done: false,
          first: null,
          last: null,
          edge: [],
          edgeAt: null,
          leftOut: 0,
        });
        part = (await PartFile.open(partPath(deps.runId, i), 0)) as PartFile;
      }
      parts.set(i, part);
    }

    const queue = [...state.slices.keys()]
      .filter((i) => !(state.slices[i] as SliceState).done)
      .sort((a, b) => (state.slices[b] as SliceState).count - (state.slices[a] as SliceState).count);
    const onAbort = () => stop.abort(deps.signal.reason);
    deps.signal.addEventListener("abort", onAbort, { once: true });
    const fetcher = async () => {
      for (let i = queue.shift(); i !== undefined && !failure; i = queue.shift()) {
        try {
          await fetchSlice(state.slices[i] as SliceState, parts.get(i) as PartFile, {
            page: (slice, cursor) => pageWithFallback(state, deps, slice, cursor),
            formatter: deps.formatter,
            ...(deps.leaveOut ? { leaveOut: deps.leaveOut } : {}),
            signal: stop.signal,
            onPage: () => {
              deps.progress(report());
              saver.poke();
            },
          });
          saver.poke(true);
        } catch (error) {
          fail(error);
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.max(1, deps.parallel) }, fetcher));
    } finally {
      deps.signal.removeEventListener("abort", onAbort);
    }
    if (deps.signal.aborted) throw deps.signal.reason;
    // Progress made by the fetchers that were stopped is kept for the retry (unless saving is what failed).
    await saver.flush();
    if (failure) throw failure.error;
  } finally {
    await Promise.allSettled([...parts.values()].map((p) => p.close()));
  }
}

async function pageWithFallback(
  state: FetchingCheckpoint,
  deps: FetchAllDeps,
  slice: SliceState,
  cursor: string | null,
): Promise<ListAlertEventsResponse> {
  for (;;) {
    const limit = state.pageSize;
    try {
      return await deps.page(slice, cursor, limit);
    } catch (error) {
      const smaller = isPageSizeRefusal(error) ? deps.fallbackPageSize(limit) : undefined;
      if (smaller !== undefined && smaller < limit) {
        // Another fetcher may have lowered it already; either way, try again at the smaller size.
        state.pageSize = Math.min(state.pageSize, smaller);
        continue;
      }
      if (isUpstreamErrorOf(error, "BadRequestError"))
        throw new JobError(`The upstream refused the export's query: ${error.upstreamMessage ?? "bad request"}`, {
          cause: error,
        });
      throw error;
    }
  }
}

/**
 * Saves at most every `everyMs`, one save at a time (a forced save asked for during one follows
 * it). A failed save stops the fetch (`onError`): going on would only pile up work to redo.
 */
class CheckpointSaver {
  private saving: Promise<void> | undefined;
  private again = false;
  private last = Date.now();
  private error: { error: unknown } | undefined;

  constructor(
    private readonly save: () => Promise<void>,
    private readonly everyMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  poke(force = false): void {
    if (this.saving) {
      this.again ||= force;
      return;
    }
    if (!force && Date.now() - this.last < this.everyMs) return;
    this.last = Date.now();
    this.saving = this.save()
      .catch((error: unknown) => {
        this.error ??= { error };
        this.onError(error);
      })
      .finally(() => {
        this.saving = undefined;
        if (this.again) {
          this.again = false;
          this.poke(true);
        }
      });
  }

  /** Waits for a save in flight, saves once more, and reports the first failure of any save. */
  async flush(): Promise<void> {
    while (this.saving) await this.saving;
    if (this.error) throw this.error.error;
    await this.save();
  }
}
