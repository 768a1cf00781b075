"use client";
import { AlertTriangle, Inbox, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/shared/utils";
import { Button } from "./button";
import { useRetryCountdown } from "./use-retry-countdown";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded bg-surface-2", className)} />;
}

export function TableSkeleton({ rows = 8, columns = 5 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="Loading" className="space-y-2 rounded border border-border bg-surface p-3">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="flex gap-3">
          {Array.from({ length: columns }, (_, c) => (
            <Skeleton key={c} className="h-5 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded border border-dashed border-border bg-surface px-6 py-12 text-center">
      <div className="text-muted">{icon ?? <Inbox className="size-6" aria-hidden />}</div>
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-md text-sm text-muted">{children}</div> : null}
    </div>
  );
}

export function ErrorState({
  title = "This could not be loaded",
  message,
  onRetry,
  error,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
  /**
   * The error shown, when it came from a route: if it is RATE_LIMITED with a Retry-After, Retry
   * waits that long and counts down, since trying earlier would only be refused again.
   */
  error?: unknown;
}) {
  const left = useRetryCountdown(error);
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-2 rounded border border-danger/40 bg-danger-soft px-6 py-10 text-center"
    >
      <AlertTriangle className="size-6 text-danger" aria-hidden />
      <p className="font-medium text-fg">{title}</p>
      <p className="max-w-md text-sm text-muted">{message}</p>
      {onRetry ? (
        <Button onClick={onRetry} size="sm" className="mt-1" disabled={left > 0}>
          <RotateCw className="size-3.5" aria-hidden /> {left > 0 ? `Retry in ${left} s` : "Retry"}
        </Button>
      ) : null}
    </div>
  );
}

/** A failure beside rows that stay: what went wrong, and Retry. */
export function InlineError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-2 rounded border border-danger/40 bg-danger-soft px-3 py-2 text-sm"
    >
      <AlertTriangle className="size-4 shrink-0 text-danger" aria-hidden />
      <span>{message}</span>
      <Button size="sm" onClick={onRetry}>
        <RotateCw className="size-3.5" aria-hidden /> Retry
      </Button>
    </div>
  );
}
