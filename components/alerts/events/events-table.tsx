"use client";
import { useRef } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Badge } from "@/components/ui/badge";
import { CopyButton } from "@/components/ui/copy-button";
import type { AlertEvent } from "@/lib/contracts";
import { chainLabel } from "@/lib/chains";
import { shortAddress } from "@/lib/format";
import { wallTimeSeconds } from "@/lib/time-zone";
import { cn } from "@/lib/utils";

const STATUS_TONE = { success: "success", failed: "danger", pending: "warning" } as const;

/** Column widths on wide screens; on a phone each row is a block of labelled values. */
const GRID =
  "md:grid md:grid-cols-[2.5rem_11rem_6rem_minmax(9rem,1fr)_7rem_minmax(10rem,1.2fr)_4rem_minmax(10rem,1.5fr)_5.5rem]";
const HEADERS = ["", "Time", "Status", "Chain", "Block", "Transaction hashes", "Retries", "Error", ""];

/**
 * Every loaded event in one table that stays smooth with tens of thousands of rows: only the rows
 * in view (and a few around them) are in the DOM (TanStack Virtual), each measured for its height.
 * Only failed deliveries can be selected (only they can be replayed).
 */
export function EventsTable({
  events,
  tz,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  total,
}: {
  events: AlertEvent[];
  tz: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (event: AlertEvent) => void;
  total: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 44,
    overscan: 12,
    getItemKey: (index) => events[index]?.id ?? index,
  });
  const failed = events.filter((e) => e.deliveryStatus === "failed");
  const allFailedSelected = failed.length > 0 && failed.every((e) => selected.has(e.id));
  const tzName = tz === "UTC" ? "UTC" : tz;

  return (
    <div
      role="table"
      aria-label="Events, newest first"
      aria-rowcount={total + 1}
      className="rounded border border-border bg-surface text-sm"
    >
      <div role="rowgroup" className="hidden border-b border-border bg-surface-2 text-xs text-muted md:block">
        <div role="row" aria-rowindex={1} className={cn(GRID, "items-center")}>
          {HEADERS.map((h, i) => (
            <div key={i} role="columnheader" className="px-2 py-2 font-medium whitespace-nowrap">
              {i === 0 ? (
                <input
                  type="checkbox"
                  aria-label="Select every loaded failed event"
                  checked={allFailedSelected}
                  disabled={failed.length === 0}
                  onChange={(e) => onToggleAll(e.target.checked)}
                />
              ) : i === 1 ? (
                `Time (${tzName})`
              ) : i === 8 ? (
                <span className="sr-only">Details</span>
              ) : (
                h
              )}
            </div>
          ))}
        </div>
      </div>
      <div ref={scroller} className="max-h-[70vh] overflow-y-auto" data-testid="events-scroller">
        <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const event = events[item.index] as AlertEvent;
            const selectable = event.deliveryStatus === "failed";
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={cn(
                  GRID,
                  "absolute top-0 left-0 w-full border-b border-border px-3 py-2 md:items-start md:px-0 md:py-0",
                  selected.has(event.id) && "bg-accent-soft/50",
                )}
                style={{ transform: `translateY(${item.start}px)` }}
                data-testid="event-row"
              >
                <Cell label="Select">
                  <input
                    type="checkbox"
                    aria-label={
                      selectable
                        ? `Select event ${event.id}`
                        : `Event ${event.id} is ${event.deliveryStatus}: only failed deliveries can be replayed`
                    }
                    title={selectable ? undefined : "Only failed deliveries can be replayed"}
                    checked={selected.has(event.id)}
                    disabled={!selectable}
                    onChange={() => onToggle(event.id)}
                  />
                </Cell>
                <Cell label={`Time (${tzName})`}>
                  <time dateTime={event.createdAt} className="tabular whitespace-nowrap">
                    {wallTimeSeconds(event.createdAt, tz)}
                  </time>
                </Cell>
                <Cell label="Status">
                  <Badge tone={STATUS_TONE[event.deliveryStatus]}>{event.deliveryStatus}</Badge>
                </Cell>
                <Cell label="Chain">
                  <span>{chainLabel(event.chainId)}</span>{" "}
                  <span className="font-mono text-xs text-muted">{event.chainId}</span>
                </Cell>
                <Cell label="Block">
                  <span className="tabular">{event.blockNumber}</span>
                </Cell>
                <Cell label="Transaction hashes">
                  {event.transactionHashes.map((hash) => (
                    <span key={hash} className="inline-flex items-center gap-0.5 font-mono text-xs" title={hash}>
                      {shortAddress(hash, 10, 6)}
                      <CopyButton value={hash} label="transaction hash" />
                    </span>
                  ))}
                </Cell>
                <Cell label="Retries">
                  <span className="tabular">{event.retries}</span>
                </Cell>
                <Cell label="Error">
                  <span className="text-xs break-words text-muted">{event.errorMessage ?? "—"}</span>
                </Cell>
                <Cell label="Details">
                  <button
                    type="button"
                    className="rounded px-1.5 py-0.5 text-xs text-accent hover:bg-surface-2 hover:underline"
                    onClick={() => onOpen(event)}
                    aria-label={`Details of event ${event.id}`}
                  >
                    Details
                  </button>
                </Cell>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** A cell: its value on wide screens; on a phone, a labelled line (the label is CSS generated text). */
function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="cell"
      data-label={label}
      className="grid min-w-0 grid-cols-[7rem_minmax(0,1fr)] items-center gap-2 py-0.5 before:text-xs before:text-muted before:content-[attr(data-label)] md:block md:px-2 md:py-2 md:before:hidden"
    >
      <div className="min-w-0">{children}</div>
    </div>
  );
}
