"use client";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { cn } from "@/lib/utils";

/**
 * The console's table: TanStack Table for the column model, server-driven paging (the parent owns
 * cursors), a caption for screen readers. Row data comes from the API, already paged.
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
  return (
    <div className={cn("overflow-x-auto rounded border border-border bg-surface", className)}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-left text-xs text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              className={cn("border-t border-border align-top hover:bg-surface-2/60", rowClassName?.(row.original))}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className="px-3 py-2">
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
