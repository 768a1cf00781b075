/**
 * Where a chain's sponsorship is heading: the current month's end and the next month, estimated.
 *
 * Method (the page shows it beside the figures):
 * 1. Trend: a least-squares line through the last TREND_MONTHS complete months (fewer when the
 *    chain has fewer; months without sponsorship count as zero from the chain's first listed
 *    month on), extended to the current month and floored at zero. One month gives a flat line.
 * 2. Pro rata: what the current month has sponsored so far ÷ the share of the month elapsed
 *    (time since 00:00 UTC on the 1st ÷ the month's length).
 * 3. Current month = elapsed × pro rata + (1 − elapsed) × trend, i.e. what is already sponsored
 *    plus the trend's share for the rest of the month. The further into the month, the more its
 *    own pace counts; it is never below what was sponsored so far. Without complete months it is
 *    the pro rata alone.
 * 4. Next month = the same fit with the current month's estimate as its newest point, extended one
 *    month further, floored at zero.
 *
 * Usage and transaction counts are estimated the same way, on floats: an estimate is rounded for
 * display anyway, so exact decimals would add nothing here.
 */
import { fromBaseUnits } from "./decimal";
import { monthsOn, type ChainHistory } from "./history";
import { monthElapsed, monthsBetween, utcMonthOf, type MonthOrdinal } from "./months";

export const TREND_MONTHS = 6;

export interface Line {
  intercept: number;
  slope: number;
}

/** Least-squares line through (0, ys[0]), (1, ys[1]), …; a single point gives a flat line. */
export function leastSquares(ys: readonly number[]): Line {
  const n = ys.length;
  if (n === 0) return { intercept: 0, slope: 0 };
  const meanX = (n - 1) / 2;
  const meanY = ys.reduce((s, y) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  ys.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  return { intercept: meanY - slope * meanX, slope };
}

const at = (line: Line, x: number) => Math.max(0, line.intercept + line.slope * x);

export interface SeriesForecast {
  /** Sponsored so far in the current month. */
  soFar: number;
  /** So far ÷ share of the month elapsed; null at the month's very first instant. */
  proRata: number | null;
  /** The trend line at the current month; null without complete months. */
  trend: number | null;
  /** Complete months the trend was fitted on. */
  trendMonths: number;
  current: number;
  next: number;
}

/**
 * `complete`: one value per complete month, oldest first, from the chain's first listed month to
 * the month before the current one. `elapsed`: the share of the current month that has passed.
 * Null when there is nothing to go on (no complete month and nothing so far).
 */
export function forecastSeries(
  complete: readonly number[],
  soFar: number,
  elapsed: number,
  window = TREND_MONTHS,
): SeriesForecast | null {
  if (complete.length === 0 && soFar === 0) return null;
  const share = Math.min(1, Math.max(0, elapsed));
  const recent = complete.slice(-window);
  const trend = recent.length > 0 ? at(leastSquares(recent), recent.length) : null;
  const proRata = share > 0 ? soFar / share : null;
  // share × pro rata + (1 − share) × trend, written as so far + (1 − share) × trend: the same
  // value without dividing by a share close to zero at the start of a month.
  const current = trend === null ? (proRata ?? soFar) : soFar + (1 - share) * trend;
  const withCurrent = [...recent, current];
  return {
    soFar,
    proRata,
    trend,
    trendMonths: recent.length,
    current,
    next: at(leastSquares(withCurrent), withCurrent.length),
  };
}

export interface GasForecast {
  current: MonthOrdinal;
  next: MonthOrdinal;
  /** Share of the current month elapsed. */
  elapsed: number;
  /** In native units. */
  usage: SeriesForecast;
  txCount: SeriesForecast;
}

/**
 * The forecast of one chain at an instant, or null: when the chain lists nothing, or lists a
 * month after the instant's (a clock behind the upstream's: "so far" would mean nothing).
 */
export function forecastChain(history: ChainHistory, nowMs: number, window = TREND_MONTHS): GasForecast | null {
  const current = utcMonthOf(nowMs);
  const first = history.months[0]?.month;
  if (first === undefined || history.months.some((m) => m.month > current)) return null;
  const complete = monthsOn(history, first < current ? monthsBetween(first, current - 1) : []);
  const [now] = monthsOn(history, [current]);
  const elapsed = monthElapsed(nowMs);
  const native = (units: bigint) => Number(fromBaseUnits(units, history.scale));
  const usage = forecastSeries(
    complete.map((m) => native(m.usage)),
    native(now?.usage ?? 0n),
    elapsed,
    window,
  );
  const txCount = forecastSeries(
    complete.map((m) => m.txCount),
    now?.txCount ?? 0,
    elapsed,
    window,
  );
  if (!usage || !txCount) return null;
  return { current, next: current + 1, elapsed, usage, txCount };
}
