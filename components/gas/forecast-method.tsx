"use client";
import { Info } from "lucide-react";
import { Popover } from "radix-ui";
import { TREND_MONTHS, type GasForecast } from "@/lib/gas/forecast";
import { formatCount, formatEstimate, formatRounded, formatShare } from "@/lib/gas/format";
import { monthLabel } from "@/lib/gas/months";

/**
 * How the estimate was made, with this chain's own numbers: a toggletip (a button that opens a
 * small popover), so it works with a mouse, a keyboard and a finger alike.
 */
export function ForecastMethod({ forecast, unit }: { forecast: GasForecast; unit: string }) {
  const { usage, txCount, elapsed } = forecast;
  const month = monthLabel(forecast.current).split(" ")[0];
  const share = formatShare(elapsed);
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label="How the forecast is estimated"
        className="inline-flex size-6 items-center justify-center rounded text-muted hover:bg-surface-2 hover:text-fg"
      >
        <Info className="size-4" aria-hidden />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 w-[min(26rem,calc(100vw-1.5rem))] space-y-2 rounded border border-border bg-surface p-3 text-xs text-fg shadow-lg"
        >
          <p className="font-medium">How the forecast is estimated</p>
          <ol className="list-decimal space-y-1.5 pl-4 text-muted">
            <li>
              <span className="text-fg">Pro rata:</span> what {month} sponsored so far (
              {formatRounded(usage.soFar, unit)}) divided by the share of the month gone ({share}
              {usage.proRata === null ? ", nothing yet" : `, so ${formatEstimate(usage.proRata, unit)}`}).
            </li>
            <li>
              <span className="text-fg">Trend:</span>{" "}
              {usage.trend === null
                ? "no complete month yet, so the pro rata alone."
                : `a least-squares line through the last ${usage.trendMonths} complete month${usage.trendMonths === 1 ? "" : "s"} (at most ${TREND_MONTHS}, months without sponsorship count as zero), extended to ${month}: ${formatEstimate(usage.trend, unit)}.`}
            </li>
            <li>
              <span className="text-fg">{month}:</span> share gone × pro rata + share left × trend, i.e. what is already
              sponsored plus the trend&apos;s part for the rest of the month: {formatEstimate(usage.current, unit)},{" "}
              {formatCount(txCount.current)} transactions.
            </li>
            <li>
              <span className="text-fg">Next month:</span> the same fit with {month}&apos;s estimate as its newest
              point, one month further: {formatEstimate(usage.next, unit)}, {formatCount(txCount.next)} transactions.
            </li>
          </ol>
          <p className="text-muted">
            Transactions are estimated the same way. Months are UTC months. An estimate, not a commitment: a new policy
            or a spike moves it.
          </p>
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
