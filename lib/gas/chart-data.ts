/**
 * The chart's rows: one per month of the range (plus the next month when a forecast reaches it),
 * with each shown chain's usage, transactions and estimate by its index in `shown`. Heights are
 * floats (a chart cannot draw a bigint); the tooltip reads the exact strings kept beside them.
 */
import { fromBaseUnits } from "./decimal";
import { monthsOn } from "./history";
import { shortMonthLabel, type MonthOrdinal } from "./months";
import type { GasView } from "./view";

export interface ChartRow {
  month: MonthOrdinal;
  tick: string;
  /** The month after the current one: estimates only. */
  future: boolean;
  usage: (number | null)[];
  usageExact: (string | null)[];
  txCount: (number | null)[];
  /** The dashed estimate line: last complete month's actual, then the two estimates. */
  estimate: (number | null)[];
  estimatedTx: (number | null)[];
}

export function chartRows(view: GasView): ChartRow[] {
  const { axis, shown, current } = view;
  const anyForecast = shown.some((c) => c.forecast !== null);
  const months = anyForecast ? [...axis, current + 1] : axis;
  const perChain = shown.map((c) => ({ c, onAxis: monthsOn(c.history, axis) }));
  return months.map((month, i) => {
    const future = i >= axis.length;
    const row: ChartRow = {
      month,
      tick: shortMonthLabel(month),
      future,
      usage: [],
      usageExact: [],
      txCount: [],
      estimate: [],
      estimatedTx: [],
    };
    for (const { c, onAxis } of perChain) {
      const m = future ? undefined : onAxis[i];
      const exact = m ? fromBaseUnits(m.usage, c.history.scale) : null;
      row.usage.push(exact === null ? null : Number(exact));
      row.usageExact.push(exact);
      row.txCount.push(m ? m.txCount : null);
      const f = c.forecast;
      let estimate: number | null = null;
      let estimatedTx: number | null = null;
      if (f && month === f.current) [estimate, estimatedTx] = [f.usage.current, f.txCount.current];
      else if (f && month === f.next) [estimate, estimatedTx] = [f.usage.next, f.txCount.next];
      // The dashed line starts from the last complete month's actual, so it continues the solid one.
      else if (f && month === f.current - 1 && exact !== null) estimate = Number(exact);
      row.estimate.push(estimate);
      row.estimatedTx.push(estimatedTx);
    }
    return row;
  });
}
