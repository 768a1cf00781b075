import "server-only";
import type { CsvCell } from "./csv";

/**
 * CSV lines written as server/exports/csv.ts's CSV_OPTIONS writes them with csv-stringify, without
 * its per-cell allocations (a context object, result pairs and option arrays for every cell): the
 * export of a million events formats eleven million cells, and csv-stringify's garbage made half of
 * the export's allocations, enough to push in-flight requests into V8's old space. Every other CSV
 * goes through csv-stringify; csv-lean.test.ts holds this writer to csv-stringify's output, byte
 * for byte, over adversarial cells.
 *
 * Supported cells are the export's: strings, numbers (NaN and the infinities too), booleans, null and undefined.
 */

/** Characters a spreadsheet would start a formula with (csv-stringify's escape_formulas list). */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
const NEEDS_QUOTES = /[",\n\r]/;
const QUOTE = /"/g;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "1" : "";
  // A negative number is a number, not a formula: written as it is, as csv-stringify does.
  if (typeof value === "number") return `${value}`;
  let text = value;
  if (text === "") return "";
  const quote = NEEDS_QUOTES.test(text);
  if (FORMULA_START.has(text[0] as string)) text = `'${text}`;
  if (!quote) return text;
  return `"${text.replace(QUOTE, '""')}"`;
}

/** Rows as CSV text, each ended by "\n" (no header): what csvRows(rows) returns. */
export function leanCsvRows(rows: readonly (readonly CsvCell[])[]): string {
  let out = "";
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      if (i > 0) out += ",";
      out += cell(row[i]);
    }
    out += "\n";
  }
  return out;
}
