"use client";
import { cn } from "@/lib/shared/utils";
import { columnLabel } from "./column-meta";
import type { DisplayColumn } from "./display-column";

/**
 * A column that takes the room the others leave: a cell with no width of its own (max-width 0) and a
 * share of the table's, so the other columns keep their content's width and this one's values are cut.
 */
const FILL = "md:w-1/2 md:max-w-0";

/**
 * The console's table of rows that are only shown: each column's header and each row's cells drawn
 * from the column list (DisplayColumn, no row state), server-driven paging (the parent owns cursors),
 * a caption for screen readers. Below the `md` breakpoint each row becomes a readable block of
 * labelled values instead of a table that scrolls sideways.
 */
export function DataTable<T>({
  columns,
  data,
  caption,
  getRowId,
  className,
  rowClassName,
}: {
  columns: DisplayColumn<T>[];
  data: T[];
  caption: string;
  getRowId?: (row: T) => string;
  className?: string;
  rowClassName?: (row: T) => string | undefined;
}) {
  // Each column's label and classes, once per render rather than once per cell.
  const looks = columns.map((column) => {
    const meta = column.meta;
    return {
      column,
      rowHeader: meta?.rowHeader === true,
      label: columnLabel(column),
      header: cn("px-3 py-2 font-medium whitespace-nowrap", meta?.fill && FILL, meta?.numeric && "text-right"),
      cell: cn(
        // data-cell (app/globals.css): a table cell on wide screens, a labelled line on a phone.
        meta?.hideOnPhone ? "hidden md:table-cell md:px-3 md:py-2" : "data-cell",
        meta?.fill && FILL,
        meta?.rowHeader && "text-left font-normal",
        meta?.numeric && "text-right",
      ),
    };
  });
  return (
    <div className={cn("rounded border border-border bg-surface md:overflow-x-auto", className)}>
      <table className="block w-full border-collapse text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-surface-2 text-left text-xs text-muted md:table-header-group">
          <tr>
            {looks.map(({ column, header }) => (
              <th key={column.id} scope="col" className={header}>
                {typeof column.header === "string" ? column.header : column.header()}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {data.map((original, index) => (
            <tr key={getRowId?.(original) ?? index} className={cn("data-row", rowClassName?.(original))}>
              {looks.map((look) => {
                const Cell = look.rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={look.column.id}
                    scope={look.rowHeader ? "row" : undefined}
                    // The label is CSS generated content, so it is neither in the cell's text nor read twice.
                    data-label={look.label}
                    className={look.cell}
                  >
                    {look.column.cell({ row: { original } })}
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
