"use client";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { cn } from "@/lib/shared/utils";
import { columnLabel } from "./column-meta";

/**
 * A column that takes the room the others leave: a cell with no width of its own (max-width 0) and a
 * share of the table's, so the other columns keep their content's width and this one's values are cut.
 */
const FILL = "md:w-1/2 md:max-w-0";

/**
 * The console's table: TanStack Table for the column model, server-driven paging (the parent owns
 * cursors), a caption for screen readers. Below the `md` breakpoint each row becomes a readable
 * block of labelled values instead of a table that scrolls sideways.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  getRowId,
  className,
  rowClassName,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  caption: string;
  getRowId?: (row: T) => string;
  className?: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId, manualPagination: true });
  // Each column's label and classes, once per render rather than once per cell.
  const looks = new Map(
    table.getVisibleLeafColumns().map((column) => {
      const meta = column.columnDef.meta;
      return [
        column.id,
        {
          label: columnLabel(column),
          cell: cn(
            // data-cell (app/globals.css): a table cell on wide screens, a labelled line on a phone.
            meta?.hideOnPhone ? "hidden md:table-cell md:px-3 md:py-2" : "data-cell",
            meta?.fill && FILL,
            meta?.rowHeader && "text-left font-normal",
            meta?.numeric && "md:text-right",
          ),
          value: meta?.numeric ? "min-w-0 text-right" : "min-w-0",
        },
      ];
    }),
  );
  return (
    <div className={cn("rounded border border-border bg-surface md:overflow-x-auto", className)}>
      <table className="block w-full border-collapse text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-surface-2 text-left text-xs text-muted md:table-header-group">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={cn(
                    "px-3 py-2 font-medium whitespace-nowrap",
                    header.column.columnDef.meta?.fill && FILL,
                    header.column.columnDef.meta?.numeric && "text-right",
                  )}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="block md:table-row-group">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={cn("data-row", rowClassName?.(row.original))}>
              {row.getVisibleCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const Cell = meta?.rowHeader ? "th" : "td";
                const look = looks.get(cell.column.id);
                return (
                  <Cell
                    key={cell.id}
                    scope={meta?.rowHeader ? "row" : undefined}
                    // The label is CSS generated content, so it is neither in the cell's text nor read twice.
                    data-label={look?.label}
                    className={look?.cell}
                  >
                    <div className={look?.value}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</div>
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
