"use client";
import { flexRender, type Cell, type Row, type Table } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { cn } from "@/lib/shared/utils";
import { columnLabel } from "./column-meta";

const NO_ROWS: never[] = [];

/**
 * The console's table for long lists held in the browser: the caller's TanStack Table instance
 * (columns, row model, selection) drawn through TanStack Virtual, so only the rows in view (and
 * `overscan` around them) are in the DOM, each measured for its height. Absolutely placed rows
 * cannot be `<tr>`s, so the table is ARIA roles on a CSS grid (`gridClassName`, shared by the
 * header and the rows). Below the `md` breakpoint the header is hidden and each row is a block of
 * labelled values, as in DataTable. The server draws no row (it knows no viewport), so the row model
 * (TanStack builds every loaded row, a hundred closures each) is built only once React runs in the
 * browser; until then the loaded rows' count gives the scroller its height.
 */
export function VirtualDataTable<T>({
  table,
  label,
  rowCount,
  gridClassName,
  rowClassName,
  estimateRowHeight = 44,
  overscan = 12,
  testIds,
}: {
  table: Table<T>;
  /** The table's accessible name. */
  label: string;
  /** How many rows the whole list has (more than are loaded, when it pages); loaded rows if unset. */
  rowCount?: number;
  gridClassName: string;
  rowClassName?: (row: Row<T>) => string | false | undefined;
  estimateRowHeight?: number;
  overscan?: number;
  testIds?: { scroller?: string; row?: string };
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const rows: Row<T>[] = hydrated ? table.getRowModel().rows : NO_ROWS;
  const loaded = hydrated ? rows.length : table.options.data.length;
  const virtualizer = useVirtualizer({
    count: loaded,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimateRowHeight,
    overscan,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const headerGroups = table.getHeaderGroups();

  return (
    <div
      role="table"
      aria-label={label}
      aria-rowcount={(rowCount ?? loaded) + headerGroups.length}
      className="rounded border border-border bg-surface text-sm"
    >
      <div role="rowgroup" className="hidden border-b border-border bg-surface-2 text-xs text-muted md:block">
        {headerGroups.map((group, i) => (
          <div key={group.id} role="row" aria-rowindex={i + 1} className={cn(gridClassName, "items-center")}>
            {group.headers.map((header) => (
              <div key={header.id} role="columnheader" className="px-2 py-2 font-medium whitespace-nowrap">
                {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
              </div>
            ))}
          </div>
        ))}
      </div>
      <div ref={scroller} className="max-h-[70vh] overflow-y-auto" data-testid={testIds?.scroller}>
        <div role="rowgroup" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + headerGroups.length + 1}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={cn(
                  gridClassName,
                  "absolute top-0 left-0 w-full border-b border-border px-3 py-2 md:items-start md:px-0 md:py-0",
                  rowClassName?.(row),
                )}
                style={{ transform: `translateY(${item.start}px)` }}
                data-testid={testIds?.row}
              >
                {row.getVisibleCells().map((cell) => (
                  <VirtualCell key={cell.id} cell={cell} />
                ))}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

// A cell's classes, worked out once rather than for every cell of every row.
const CELL = "min-w-0 md:block md:px-2 md:py-2 md:before:hidden";
const CELL_SHOWN = cn(
  CELL,
  "grid grid-cols-[7rem_minmax(0,1fr)] items-center gap-2 py-0.5 before:text-xs before:text-muted before:content-[attr(data-label)]",
);
const CELL_HIDDEN_ON_PHONE = cn(CELL, "hidden");

/** A cell: its value on wide screens; on a phone, a labelled line (the label is CSS generated text). */
function VirtualCell<T>({ cell }: { cell: Cell<T, unknown> }) {
  return (
    <div
      role="cell"
      data-label={columnLabel(cell.column.columnDef)}
      className={cell.column.columnDef.meta?.hideOnPhone ? CELL_HIDDEN_ON_PHONE : CELL_SHOWN}
    >
      <div className="min-w-0">{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
    </div>
  );
}
