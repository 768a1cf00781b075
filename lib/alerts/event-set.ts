/**
 * The set of events a filter selects, in words staff read on the buttons that act on it:
 * "Export 42 failed events on Sepolia from 3 Nov 2026 00:00 to 7 Nov 2026 17:45 UTC". A button that
 * names its set cannot silently act on another one.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { chainLabel } from "@/lib/chains";
import { zoneLabel } from "@/lib/shared/time-zone";
import type { ValidFilters } from "./filters";

const when = (instant: Date, tz: string) => format(new TZDate(instant.getTime(), tz), "d MMM yyyy HH:mm");

/** "failed", "failed or pending"; empty for every status. */
export function statusWords(filters: Pick<ValidFilters, "statuses">): string {
  return filters.statuses.join(" or ");
}

/** Where and when: " on Sepolia from 3 Nov 2026 00:00 to 7 Nov 2026 17:45 UTC", empty for no such filter. */
export function eventScope(filters: ValidFilters): string {
  const parts: string[] = [];
  const chains = filters.chains;
  if (chains.length === 1 || chains.length === 2) parts.push(`on ${chains.map(chainLabel).join(" or ")}`);
  else if (chains.length > 2) parts.push(`on ${chains.length} chains`);
  const zone = zoneLabel(filters.tz, filters.from ?? filters.to ?? new Date());
  if (filters.from && filters.to)
    parts.push(`from ${when(filters.from, filters.tz)} to ${when(filters.to, filters.tz)} ${zone}`);
  else if (filters.from) parts.push(`since ${when(filters.from, filters.tz)} ${zone}`);
  else if (filters.to) parts.push(`until ${when(filters.to, filters.tz)} ${zone}`);
  if (filters.hash) parts.push(`of transaction ${filters.hash.slice(0, 10)}…`);
  if (filters.blocks)
    parts.push(filters.blocks.length === 1 ? `in block ${filters.blocks[0]}` : `in ${filters.blocks.length} blocks`);
  if (filters.test === "exclude") parts.push("(test activity left out)");
  if (filters.test === "only") parts.push("(test activity only)");
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}

/**
 * "Export all 565 events", "Export 42 failed events on Sepolia since 3 Nov 2026 00:00 UTC". With the test
 * switch on, the upstream's total still counts what the switch leaves out: "up to".
 */
export function exportLabel(filters: ValidFilters, total: number): string {
  const count = `${filters.test === "include" ? "" : "up to "}${total.toLocaleString("en")}`;
  const noun = total === 1 ? "event" : "events";
  const status = statusWords(filters);
  const scope = eventScope(filters);
  if (!status && !scope) return `Export all ${count} ${noun}`;
  return `Export ${count} ${status ? `${status} ` : ""}${noun}${scope}`;
}

/** "Replay all failed events on Sepolia…": only failed deliveries are replayed, whatever the status filter. */
export function replayAllLabel(filters: ValidFilters): string {
  return `Replay all failed events${eventScope(filters)}…`;
}
