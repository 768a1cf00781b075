import "server-only";
import type { AlertEvent } from "@/lib/contracts/alerts";
import type { ListAlertEventsResponse } from "@/lib/contracts/alerts";
import type { SliceState } from "./checkpoint";
import type { PartFile } from "./files";
import { formatChunks, type RowFormatter } from "./rows";

const NONE: ReadonlySet<string> = new Set();

/** Ids kept per slice to drop a row seen twice at one instant; more at one millisecond is not plausible. */
const MAX_EDGE_IDS = 2_000;

export interface SliceFetch {
  /** A page of the slice's widened range (see EventsReader.page), with the page size in force. */
  page(slice: SliceState, cursor: string | null): Promise<ListAlertEventsResponse>;
  formatter: RowFormatter;
  /** The ids of a page's events the test-activity switch leaves out (absent: every row is written). */
  leaveOut?: (events: ListAlertEventsResponse["data"]) => Promise<ReadonlySet<string>>;
  signal: AbortSignal;
  /** After each page is written and the state moved on (progress, checkpoints). */
  onPage(rows: number): void;
}

/**
 * Fetches one slice to its end, appending its rows (newest first, as the upstream pages them) to
 * the slice's part file. A row counts only if its createdAt is inside the slice's own [lo, hi),
 * which makes adjacent slices disjoint whatever the upstream does with since/until; a row whose id
 * was already written (the previous page, or the ids at the oldest instant so far, kept across
 * resumes) is dropped as a last guard against a cursor that repeats rows.
 *
 * The state moves only after the page's bytes are written, in one synchronous step, so any
 * snapshot of it matches a prefix of the part file.
 */
export async function fetchSlice(state: SliceState, part: PartFile, fetch: SliceFetch): Promise<void> {
  let previousPage = new Set<string>();
  while (!state.done) {
    fetch.signal.throwIfAborted();
    // The page is read in one synchronous step and not kept across the write below: parsed events
    // held over an await survive young collections and pile up in old space.
    // With the test switch on, the page is held over the classification of its transactions.
    const page = await fetch.page(state, state.cursor);
    const leaveOut = fetch.leaveOut ? await fetch.leaveOut(page.data) : NONE;
    const step = digest(state, page, previousPage, fetch.formatter, leaveOut);
    if (step.chunks.length > 0) await part.append(step.chunks);
    Object.assign(state, { ...step.next, bytes: part.bytes } satisfies Partial<SliceState>);
    previousPage = step.pageIds;
    fetch.onPage(step.rows);
  }
}

/** What one page adds to a slice: the lines to append and the state after them. */
function digest(
  state: SliceState,
  page: ListAlertEventsResponse,
  previousPage: Set<string>,
  formatter: RowFormatter,
  leaveOut: ReadonlySet<string>,
) {
  const pageIds = new Set<string>();
  const edge = new Set(state.edge);
  let { first, last } = state;
  let edgeAt = state.edgeAt === undefined ? state.last : state.edgeAt;
  let leftOut = state.leftOut;
  const keep: AlertEvent[] = [];
  for (const event of page.data) {
    const at = Date.parse(event.createdAt);
    const duplicate = pageIds.has(event.id) || previousPage.has(event.id) || edge.has(event.id);
    pageIds.add(event.id);
    if (duplicate || !(at >= state.lo && at < state.hi)) continue;
    if (edgeAt === null || at < edgeAt) {
      edgeAt = at;
      edge.clear();
      edge.add(event.id);
    } else if (at === edgeAt && edge.size < MAX_EDGE_IDS) edge.add(event.id);
    if (leaveOut.has(event.id)) {
      leftOut++;
      continue;
    }
    keep.push(event);
    if (first === null || at > first) first = at;
    if (last === null || at < last) last = at;
  }
  const next = page.metadata.cursor;
  return {
    chunks: keep.length > 0 ? formatChunks(formatter, keep) : [],
    rows: keep.length,
    pageIds,
    next: {
      rows: state.rows + keep.length,
      first,
      last,
      edge: [...edge],
      edgeAt,
      leftOut,
      cursor: next,
      // No cursor, an empty page, or the cursor it was just given (a loop): the slice is complete.
      done: !next || page.data.length === 0 || next === state.cursor,
    } satisfies Partial<SliceState>,
  };
}
