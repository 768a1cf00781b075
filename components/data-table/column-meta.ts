import type { ColumnMeta, RowData } from "@tanstack/react-table";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name where the header is not plain text (phone-width rows label each value). */
    label?: string;
    /** Left out of the phone-width rows (e.g. a column repeated in the row's title). */
    hideOnPhone?: boolean;
    /**
     * On wide screens the column takes what the others leave (shared with the other such columns)
     * instead of its content's width: its long values are cut (see Truncated), so the table never
     * grows past its box.
     */
    fill?: boolean;
    /** Figures: right-aligned, so digits line up. */
    numeric?: boolean;
    /** The cell names its row (a `th scope="row"`), as a first column of names does. */
    rowHeader?: boolean;
  }
}

/** The label a phone-width row shows before a column's value: its meta label, else its plain-text header. */
export function columnLabel<T>(column: { header?: unknown; meta?: ColumnMeta<T, unknown> }): string | undefined {
  return column.meta?.label ?? (typeof column.header === "string" ? column.header : undefined);
}
