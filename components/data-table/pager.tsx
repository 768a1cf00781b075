"use client";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * Previous / Next under a cursor-paged table, with the range shown ("51–75 of 250"). While a page
 * loads the old rows stay dimmed and the range says so, rather than label them with the new one.
 */
export function Pager({
  first,
  shown,
  total,
  loading,
  canPrev,
  canNext,
  onPrev,
  onNext,
  children,
}: {
  first: number;
  shown: number;
  total?: number;
  loading: boolean;
  canPrev: boolean;
  canNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  /** Extra controls beside the buttons (a page-size picker). */
  children?: ReactNode;
}) {
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="tabular text-muted" data-testid="page-range" aria-live="polite">
        {loading ? "Loading…" : `${first}–${first + shown - 1}${total !== undefined ? ` of ${total}` : ""}`}
      </p>
      <div className="flex items-center gap-2">
        {children}
        <Button size="sm" disabled={!canPrev} onClick={onPrev}>
          <ChevronLeft className="size-3.5" aria-hidden /> Previous
        </Button>
        <Button size="sm" disabled={!canNext} onClick={onNext}>
          Next <ChevronRight className="size-3.5" aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
