"use client";
import { ChevronDown, SlidersHorizontal, X } from "lucide-react";
import type { ReactNode } from "react";
import { filterChips } from "@/lib/alerts/filter-chips";
import type { EventFilterState, ValidFilters } from "@/lib/alerts/filters";
import { cn } from "@/lib/shared/utils";

/**
 * The filters folded into one line above the table: a Filters button that opens the whole form,
 * the applied filters as chips (each removed with its ×), and whatever the page puts at the end
 * (saved views).
 */
export function FilterBar({
  filters,
  blocksText,
  open,
  formId,
  onToggle,
  onClear,
  end,
}: {
  filters?: ValidFilters;
  blocksText: string | null;
  open: boolean;
  formId: string;
  onToggle: () => void;
  onClear: (change: Partial<EventFilterState>) => void;
  end?: ReactNode;
}) {
  const chips = filters ? filterChips(filters, blocksText) : [];
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={formId}
        onClick={onToggle}
        className="inline-flex h-8 items-center gap-1.5 rounded border border-border bg-surface px-2.5 text-sm font-medium hover:bg-surface-2"
      >
        <SlidersHorizontal className="size-3.5" aria-hidden />
        Filters{chips.length > 0 ? ` (${chips.length})` : ""}
        <ChevronDown className={cn("size-3.5 text-muted transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {chips.length > 0 ? (
        <ul aria-label="Applied filters" className="flex min-w-0 flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li
              key={chip.key}
              className="inline-flex h-7 max-w-full min-w-0 items-center gap-1 rounded-full border border-border bg-surface-2 pr-0.5 pl-2.5 text-xs"
            >
              <span className="truncate" title={chip.label}>
                {chip.label}
              </span>
              <button
                type="button"
                onClick={() => onClear(chip.clear)}
                aria-label={`Remove the filter ${chip.label}`}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-fg"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <span className="text-xs text-muted">Every event of this webhook</span>
      )}
      {end ? <div className="ml-auto">{end}</div> : null}
    </div>
  );
}
