/**
 * The applied events filters as chips for the compact filter bar: what each says in staff words
 * and what removing it clears. Only filters that narrow the set (or change the zone) get a chip.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { chainLabel } from "@/lib/chains";
import { zoneLabel } from "@/lib/shared/time-zone";
import type { EventFilterState, ValidFilters } from "./filters";

export interface FilterChip {
  key: string;
  label: string;
  /** The URL change that removes this filter. */
  clear: Partial<EventFilterState>;
}

const when = (instant: Date, tz: string) => format(new TZDate(instant.getTime(), tz), "d MMM yyyy HH:mm");

export function filterChips(filters: ValidFilters, blocksText: string | null): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.statuses.length > 0)
    chips.push({ key: "status", label: `Status: ${filters.statuses.join(" or ")}`, clear: { status: [] } });
  if (filters.chains.length > 0)
    chips.push({
      key: "chains",
      label: `${filters.chains.length === 1 ? "Chain" : "Chains"}: ${filters.chains.map(chainLabel).join(", ")}`,
      clear: { chains: [] },
    });
  const zone = zoneLabel(filters.tz, filters.from ?? filters.to ?? new Date());
  if (filters.from)
    chips.push({ key: "from", label: `From: ${when(filters.from, filters.tz)} ${zone}`, clear: { from: null } });
  if (filters.to) chips.push({ key: "to", label: `To: ${when(filters.to, filters.tz)} ${zone}`, clear: { to: null } });
  if (filters.hash)
    chips.push({ key: "hash", label: `Transaction: ${filters.hash.slice(0, 10)}…`, clear: { hash: null } });
  if (filters.blocks)
    chips.push({ key: "blocks", label: `Blocks: ${blocksText ?? ""}`.trim(), clear: { blocks: null } });
  if (filters.test !== "include")
    chips.push({
      key: "test",
      label: filters.test === "exclude" ? "Test activity left out" : "Test activity only",
      clear: { test: "include" },
    });
  if (filters.tz !== "UTC" && !filters.from && !filters.to)
    chips.push({ key: "tz", label: `Times in ${zone}`, clear: { tz: "UTC" } });
  return chips;
}
