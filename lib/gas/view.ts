/**
 * Everything the gas page shows for a set of chains, computed from the upstream's answers alone
 * (pure, so the page, its CSV and the tests agree): the months of the range, each chain's state,
 * and for each chain with sponsored gas in the range its totals, change and forecast.
 */
import type { GasUsageResponse } from "@/lib/contracts/gas";
import { forecastChain, type GasForecast } from "./forecast";
import { hasUsageOn, monthsOn, readHistory, type ChainHistory } from "./history";
import type { MonthOrdinal } from "./months";
import { currentMonthOf, rangeAxis, type GasRange } from "./range";
import { lastMonthChange, totalsOf, type MonthChange, type Totals } from "./totals";

export interface ChainAnswer {
  chainId: string;
  /** The upstream's answer once it came. */
  data?: GasUsageResponse;
  /** Why it could not be loaded. */
  error?: string;
  /** The error itself, for its Retry-After when the rate limit was used up. */
  cause?: unknown;
}

export interface ShownChain {
  chainId: string;
  /** Position among the selected chains: its colour stays put when another chain fails. */
  slot: number;
  history: ChainHistory;
  totals: Totals;
  change: MonthChange | null;
  forecast: GasForecast | null;
}

export type ChainState =
  | { status: "loading"; chainId: string; slot: number }
  | { status: "error"; chainId: string; slot: number; message: string; cause?: unknown }
  /** The upstream lists no sponsored month at all. */
  | { status: "empty"; chainId: string; slot: number }
  /** It lists months, none of them in the range. */
  | { status: "outside-range"; chainId: string; slot: number; lastMonth: MonthOrdinal }
  | ({ status: "shown" } & ShownChain);

export interface GasView {
  current: MonthOrdinal;
  axis: MonthOrdinal[];
  states: ChainState[];
  shown: ShownChain[];
}

export function buildGasView(answers: readonly ChainAnswer[], range: GasRange, nowMs: number): GasView {
  const read = answers.map((answer, slot) => {
    if (answer.error !== undefined) return { answer, slot, error: answer.error };
    if (!answer.data) return { answer, slot };
    const result = readHistory(answer.data);
    return result.ok
      ? { answer, slot, history: result.history }
      : { answer, slot, error: `The upstream's usage could not be read: ${result.message}.` };
  });
  const histories = read.flatMap((r) => (r.history ? [r.history] : []));
  const current = currentMonthOf(nowMs, histories);
  const axis = rangeAxis(range, current, histories);
  const states = read.map(({ answer, slot, history, error }): ChainState => {
    const { chainId } = answer;
    if (error !== undefined) return { status: "error", chainId, slot, message: error, cause: answer.cause };
    if (!history) return { status: "loading", chainId, slot };
    const lastMonth = history.months.filter((m) => m.txCount > 0 || m.usage > 0n).at(-1)?.month;
    if (lastMonth === undefined) return { status: "empty", chainId, slot };
    if (!hasUsageOn(history, axis)) return { status: "outside-range", chainId, slot, lastMonth };
    return {
      status: "shown",
      chainId,
      slot,
      history,
      totals: totalsOf(monthsOn(history, axis)),
      change: lastMonthChange(history, current),
      forecast: forecastChain(history, nowMs),
    };
  });
  const shown = states.flatMap((s) => (s.status === "shown" ? [s] : []));
  return { current, axis, states, shown };
}
