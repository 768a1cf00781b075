"use client";
import { useState } from "react";
import type { EventFilterState } from "@/lib/alerts/filters";
import { isZone, UTC, wallTime } from "@/lib/shared/time-zone";

/** What the filters form holds: the URL's filters, with the times as typed. */
export type Draft = Omit<EventFilterState, "from" | "to"> & { fromText: string; toText: string };

/** The form's values; a zone the URL names wrongly shows as UTC (its message says why). */
export const draftOf = (state: EventFilterState): Draft => {
  const tz = isZone(state.tz) ? state.tz : UTC;
  const shown = (iso: string | null) => (iso && !Number.isNaN(Date.parse(iso)) ? wallTime(iso, tz) : (iso ?? ""));
  return { ...state, tz, fromText: shown(state.from), toText: shown(state.to) };
};

/** The draft in a form that compares equal when it would apply the same filters. */
const normal = (d: Draft) =>
  JSON.stringify([
    d.type,
    [...new Set(d.status)].sort(),
    d.fromText.trim(),
    d.toText.trim(),
    d.tz,
    d.hash?.trim() ?? "",
    d.blocks?.trim() ?? "",
    [...new Set(d.chains)].sort(),
    d.limit,
  ]);

/**
 * The filters being edited, apart from the applied ones in the URL. `dirty` says the form shows
 * something the table (and so export and replay) does not use yet. When the URL's filters change
 * (Apply, a saved view, Back, a chip removed), the draft starts from them again.
 */
export function useFilterDraft(state: EventFilterState, query: string) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(state));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    setDraft(draftOf(state));
    setErrors({});
  }
  return {
    draft,
    setDraft,
    errors,
    setErrors,
    dirty: normal(draft) !== normal(draftOf(state)),
    discard: () => {
      setDraft(draftOf(state));
      setErrors({});
    },
  };
}

export type FilterDraft = ReturnType<typeof useFilterDraft>;
