"use client";
import { ArrowRight } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/states";
import { useRetryCountdown } from "@/components/ui/use-retry-countdown";

/** One card of the overview: a title, a link to the area it summarises, and its body. */
export function OverviewCard({
  title,
  href,
  linkLabel,
  children,
}: {
  title: string;
  href?: string;
  linkLabel?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col rounded border border-border bg-surface p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {href ? (
          <Link href={href} className="inline-flex items-center gap-1 text-xs text-accent hover:underline">
            {linkLabel ?? "Open"} <ArrowRight className="size-3" aria-hidden />
          </Link>
        ) : null}
      </div>
      <div className="min-w-0 flex-1 text-sm">{children}</div>
    </section>
  );
}

export function CardSkeleton({ title }: { title: string }) {
  return (
    <section aria-label={title} aria-busy className="rounded border border-border bg-surface p-4">
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <div role="status" aria-label={`Loading ${title}`} className="space-y-2">
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    </section>
  );
}

/** A card whose data could not be read: the rest of the page is unaffected. */
export function CardError({ message, onRetry, error }: { message: string; onRetry: () => void; error?: unknown }) {
  const left = useRetryCountdown(error);
  return (
    <div role="alert" className="space-y-2">
      <p className="text-danger">This could not be loaded.</p>
      <p className="text-xs text-muted">{message}</p>
      <Button size="sm" onClick={onRetry} disabled={left > 0}>
        {left > 0 ? `Retry in ${left} s` : "Retry"}
      </Button>
    </div>
  );
}
