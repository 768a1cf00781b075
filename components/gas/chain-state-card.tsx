"use client";
import { CalendarRange } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { chainLabel } from "@/lib/chains";
import { monthLabel } from "@/lib/gas/months";
import { RANGE_LABELS, type GasRange } from "@/lib/gas/range";
import type { ChainState } from "@/lib/gas/view";

/** A chosen chain with nothing to chart: still loading, failed (with Retry), no sponsorship, or none in the range. */
export function ChainStateCard({
  state,
  range,
  onRetry,
  onShowAll,
}: {
  state: Exclude<ChainState, { status: "shown" }>;
  range: GasRange;
  onRetry: (chainId: string) => void;
  onShowAll: () => void;
}) {
  const name = chainLabel(state.chainId);
  const id = <span className="font-mono">{state.chainId}</span>;
  switch (state.status) {
    case "loading":
      return (
        <div
          role="status"
          aria-label={`Loading gas usage on ${name}`}
          className="space-y-3 rounded border border-border bg-surface p-4"
        >
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      );
    case "error":
      return (
        <ErrorState
          title={`Gas usage on ${name} could not be loaded`}
          message={state.message}
          error={state.cause}
          onRetry={() => onRetry(state.chainId)}
        />
      );
    case "empty":
      return (
        <EmptyState title={`No sponsored gas on ${name}`}>
          The upstream lists no month with sponsored transactions on {name} ({id}). Gas is sponsored only on chains
          where the custodian has an account-abstraction sponsorship policy.
        </EmptyState>
      );
    case "outside-range":
      return (
        <EmptyState
          title={`Nothing sponsored on ${name} in the ${RANGE_LABELS[range].toLowerCase()}`}
          icon={<CalendarRange className="size-6" aria-hidden />}
        >
          <p>
            The last month with sponsored gas on {name} ({id}) was {monthLabel(state.lastMonth)}.
          </p>
          <Button size="sm" className="mt-3" onClick={onShowAll}>
            Show all months
          </Button>
        </EmptyState>
      );
  }
}
