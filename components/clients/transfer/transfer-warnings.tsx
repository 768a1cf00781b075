"use client";
import { AlertTriangle, Info } from "lucide-react";
import type { TransferWarning } from "@/lib/clients/transfer-warnings";
import { cn } from "@/lib/shared/utils";

/**
 * Warnings about the transfer as it is typed. The region is always present so screen readers
 * announce a warning when it appears; none of them disables the build.
 */
export function TransferWarnings({ warnings }: { warnings: TransferWarning[] }) {
  return (
    <div role="status" aria-live="polite" aria-label="Transfer warnings" className="space-y-1.5">
      {warnings.map((w) => (
        <p
          key={w.id}
          data-warning={w.id}
          className={cn(
            "flex gap-2 rounded border p-2 text-xs",
            w.tone === "warning" ? "border-warning/40 bg-warning-soft text-warning" : "border-border text-muted",
          )}
        >
          {w.tone === "warning" ? (
            <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          ) : (
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          )}
          <span>{w.message}</span>
        </p>
      ))}
    </div>
  );
}
