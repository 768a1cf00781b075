import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRows, type CsvCell } from "./csv";
import { leanCsvRows } from "./csv-lean";

/** Text that reaches every rule: formula starts (ASCII and full-width), quotes, commas, CR, LF, non-ASCII. */
const tricky = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "\n",
      '"',
      ",",
      "'",
      " ",
      "a",
      "1",
      "é",
      "＝",
      "＋",
      "－",
      "＠",
      "😀",
    ),
  }),
  fc.string(),
  fc.constantFrom("", '"', '""', ",", "\r\n", "-1", "=1+1", "\r=1", "－1"),
);
const cellArb: fc.Arbitrary<CsvCell> = fc.oneof(
  tricky,
  fc.integer({ min: -1e15, max: 1e15 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);

describe("the export's lean CSV writer", () => {
  it("writes exactly what csv-stringify writes with the console's CSV options, for any cells", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 20 }),
        (rows) => {
          expect(leanCsvRows(rows)).toBe(csvRows(rows));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("reads back, with an independent CSV reader, as the cells it was given (formula starts prefixed)", () => {
    const cells = ['a "quoted", text', "line\nbreak", "carriage\rreturn", "=SUM(A1)", "－1", "", "plain"];
    const records = parse(leanCsvRows([cells, [1, -2.5, true, false, null]]), {
      relax_column_count: true,
    }) as string[][];
    expect(records).toEqual([
      ['a "quoted", text', "line\nbreak", "carriage\rreturn", "'=SUM(A1)", "'－1", "", "plain"],
      ["1", "-2.5", "1", "", ""],
    ]);
  });
});
