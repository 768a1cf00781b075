import type { ColumnMeta } from "@tanstack/react-table";
import type { ReactNode } from "react";

/**
 * A column of a table whose rows are only shown (DataTable): a header, the same meta as the events
 * table's TanStack columns (column-meta.ts), and a cell drawn from the row's value alone.
 *
 * Not TanStack's row model: it builds every row with each of its features' state methods, a hundred
 * closures a row, 2.5 ms a render for 25 rows of six columns on this machine (most of it garbage to
 * collect), on the server for every page view, and the table instance itself 0.4 ms more. A table that
 * neither selects, sorts, expands nor groups its rows uses none of it. The events table, which selects
 * rows and draws only those in view, keeps TanStack Table and TanStack Virtual (VirtualDataTable).
 */
export interface DisplayColumn<T> {
  /** Names the column among its table's. */
  id: string;
  /** Plain text, or drawn (e.g. a name only screen readers hear). */
  header: string | (() => ReactNode);
  meta?: ColumnMeta<T, unknown>;
  cell: (context: { row: { original: T } }) => ReactNode;
}
