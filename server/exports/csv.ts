import "server-only";
import type { Options } from "csv-stringify";
import { stringify } from "csv-stringify/sync";

/**
 * The one CSV writer of every export. Text cells that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return, or the full-width =, +, -, @) are prefixed with
 * a quote by csv-stringify's own `escape_formulas`: several columns (a failed sign-in's e-mail, a
 * target, an error text) can hold text chosen by someone who is not signed in. Numbers, negative
 * ones included, are written as they are. A cell holding a line break, a lone carriage return
 * included, is quoted (`quote_record_delimiter`: with an explicit record delimiter csv-stringify
 * would quote only "\n"), or a spreadsheet would start a new row, and an unescaped formula, there.
 */
export const CSV_OPTIONS = {
  escape_formulas: true,
  record_delimiter: "unix",
  quote_record_delimiter: true,
} as const satisfies Options;

export type CsvCell = string | number | boolean | null | undefined;

/** A whole CSV document (header first) for exports small enough to build in memory. */
export function csvDocument(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows] as CsvCell[][], CSV_OPTIONS);
}

/** Rows (or a header) as CSV text; consecutive calls concatenate into one document. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(rows as CsvCell[][], CSV_OPTIONS);
}
