import { chainLabel } from "@/lib/chains";
import type { AlertEvent } from "@/lib/contracts";
import { wallTime } from "@/lib/shared/time-zone";

/** An event's chain by name, with its block. */
export function ChainBlock({ event }: { event: AlertEvent }) {
  return (
    <span className="whitespace-nowrap">
      {chainLabel(event.chainId)} <span className="tabular text-xs text-muted">#{event.blockNumber}</span>
    </span>
  );
}

/** An instant in the page's zone, to the minute. */
export function ZonedTime({ iso, tz }: { iso: string; tz: string }) {
  return (
    <time dateTime={iso} className="tabular whitespace-nowrap">
      {wallTime(iso, tz)}
    </time>
  );
}
