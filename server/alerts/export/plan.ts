import "server-only";

/**
 * Splitting an export's range into disjoint time slices that can be fetched in parallel. Slices
 * are half-open millisecond ranges [lo, hi) that tile the range exactly, with inner boundaries on
 * whole seconds (the upstream's since/until are Unix seconds). How many rows each slice holds is
 * asked of the upstream (its `total` for the slice, widened by a second on each side, so it is
 * never an undercount); a slice with too many rows is split again while the budget of counting
 * requests lasts.
 */

export interface Slice {
  lo: number;
  hi: number;
}

export interface CountedSlice extends Slice {
  /** An upper bound of the rows in the slice (the upstream's total for the widened query). */
  count: number;
}

/** The upstream's total for the widened query of [lo, hi); lo null: from the beginning. */
export type CountRange = (range: { fromMs: number | null; untilMs: number }) => Promise<number>;

const SECOND = 1000;

/**
 * [lo, hi) cut into at most `parts` pieces of about equal length, inner boundaries rounded up to
 * whole seconds; pieces never shorter than a second, except that a range under a second stays whole.
 */
export function splitRange(range: Slice, parts: number): Slice[] {
  const { lo, hi } = range;
  if (!(hi > lo)) return [];
  const cuts: number[] = [];
  for (let i = 1; i < parts; i++) {
    const cut = Math.ceil((lo + ((hi - lo) * i) / parts) / SECOND) * SECOND;
    const previous = cuts.at(-1) ?? lo;
    if (cut > lo && cut < hi && cut - previous >= SECOND && hi - cut >= SECOND) cuts.push(cut);
  }
  const edges = [lo, ...cuts, hi];
  return edges.slice(0, -1).map((edge, i) => ({ lo: edge, hi: edges[i + 1] as number }));
}

export interface PlanOptions {
  /** Split a slice holding more than this many rows. */
  sliceRows: number;
  maxSlices: number;
  /** Counting requests allowed in all. */
  maxRequests: number;
  /** How many pieces one split makes (and so how many counts it sends at once). */
  fanOut: number;
}

/**
 * Splits `whole` (holding about `count` rows) until every slice holds at most `sliceRows` rows, no
 * slice can be split (a second wide), or a budget runs out. Returns the slices newest first.
 */
export async function planSlices(
  whole: CountedSlice,
  countRange: CountRange,
  options: PlanOptions,
): Promise<{ slices: CountedSlice[]; requests: number }> {
  let slices: CountedSlice[] = [whole];
  let requests = 0;
  for (;;) {
    const candidates = slices
      .filter((s) => s.count > options.sliceRows && s.hi - s.lo >= 2 * SECOND)
      .sort((a, b) => b.count - a.count);
    const target = candidates[0];
    if (!target) break;
    const room = Math.min(options.maxSlices - slices.length + 1, options.maxRequests - requests);
    const pieces = splitRange(target, Math.min(options.fanOut, room));
    if (pieces.length < 2) break;
    const counted = await Promise.all(
      pieces.map(async (p) => ({ ...p, count: await countRange({ fromMs: p.lo, untilMs: p.hi }) })),
    );
    requests += pieces.length;
    slices = slices.flatMap((s) => (s === target ? counted : [s]));
  }
  return { slices: slices.sort((a, b) => b.lo - a.lo), requests };
}

/**
 * The start of the range when the filters have no "From": the earliest whole second before which
 * there is no event, found by counting spans of 1, 2, 4 … days back from `untilMs`, `fanOut` spans
 * per round, until one holds as many rows as the unbounded count.
 */
export async function findStart(
  untilMs: number,
  unboundedCount: number,
  countRange: CountRange,
  options: { fanOut: number; maxRequests: number },
): Promise<{ fromMs: number; requests: number }> {
  const DAY = 86_400_000;
  let requests = 0;
  for (let exponent = 0; exponent <= 24 && requests < options.maxRequests;) {
    const spans: number[] = [];
    for (let i = 0; i < options.fanOut && requests + spans.length < options.maxRequests && exponent <= 24; i++)
      spans.push(DAY * 2 ** exponent++);
    const counts = await Promise.all(spans.map((span) => countRange({ fromMs: Math.max(0, untilMs - span), untilMs })));
    requests += spans.length;
    const hit = spans.find((_, i) => (counts[i] as number) >= unboundedCount);
    // The widened query reached a second further back than the span: start there, on a whole second.
    if (hit !== undefined)
      return { fromMs: Math.max(0, (Math.floor((untilMs - hit) / SECOND) - 1) * SECOND), requests };
  }
  return { fromMs: 0, requests };
}
