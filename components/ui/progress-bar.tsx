"use client";
import { Progress } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "@/lib/shared/utils";

/**
 * The console's progress bar (Radix: role="progressbar" with aria-valuenow, -min, -max), drawn the
 * same in both themes, with its words under it ("0 of 2 steps confirmed"), which screen readers
 * also hear as the bar's value. A null max is work of unknown size: the bar is striped, not filled.
 */
export function ProgressBar({
  label,
  value,
  max,
  text,
  aside,
  textTestId,
  className,
}: {
  /** The bar's accessible name ("Steps confirmed"). */
  label: string;
  value: number;
  /** Null when the total is not known yet. */
  max: number | null;
  /** What the bar shows, in words: visible under it and read out as its value. */
  text: ReactNode;
  /** Beside the bar (a Cancel button). */
  aside?: ReactNode;
  textTestId?: string;
  className?: string;
}) {
  const known = max !== null;
  // Nothing to do (a max of 0) draws an empty bar; Radix needs a max above 0.
  const top = known && max > 0 ? max : 1;
  const clamped = known ? Math.min(Math.max(value, 0), top) : 0;
  const percent = known && max > 0 ? (clamped / top) * 100 : 0;
  const valueText = typeof text === "string" ? text : undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-center gap-2">
        <Progress.Root
          aria-label={label}
          value={known ? clamped : null}
          max={top}
          getValueLabel={valueText ? () => valueText : undefined}
          className="relative h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-border"
        >
          <Progress.Indicator
            data-testid="progress-fill"
            className={cn(
              "h-full rounded-full bg-accent transition-[width] duration-300",
              !known && "w-full animate-pulse bg-accent/40",
            )}
            style={known ? { width: `${percent}%` } : undefined}
          />
        </Progress.Root>
        {aside}
      </div>
      <p className="text-xs text-muted" data-testid={textTestId}>
        {text}
      </p>
    </div>
  );
}
