import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvDocument, csvRows, type CsvCell } from "./csv";

/** An independent CSV reader: every record as an array of strings. */
const read = (csv: string) => parse(csv, { relax_column_count: false }) as string[][];

describe("the shared CSV writer", () => {
  it("writes a header and rows, one line each, ending with a newline (no CR)", () => {
    expect(csvDocument(["id", "note"], [["a1", "plain text"]])).toBe("id,note\na1,plain text\n");
  });

  it("prefixes with a quote the text cells a spreadsheet would run (=, +, -, @, tab, carriage return)", () => {
    const dangerous = ['=HYPERLINK("http://evil.example","click")', "+1+1", "-2+3", "@SUM(A1:A2)", "\t=1+1", "\r=1+1"];
    const records = read(
      csvDocument(
        ["cell"],
        dangerous.map((text) => [text]),
      ),
    );
    expect(records).toEqual([["cell"], ...dangerous.map((text) => [`'${text}`])]);
  });

  it("escapes the full-width forms of = + - @ too (some spreadsheets fold them to ASCII)", () => {
    const wide = ["＝1+1", "＋1", "－1", "＠A1"];
    const records = read(
      csvDocument(
        ["cell"],
        wide.map((text) => [text]),
      ),
    );
    expect(records.slice(1)).toEqual(wide.map((text) => [`'${text}`]));
  });

  it("escapes a text id that starts with '-', but writes numbers, negative ones included, as they are", () => {
    const records = read(csvDocument(["id", "delta"], [["-42", -42]]));
    expect(records[1]).toEqual(["'-42", "-42"]);
  });

  it("leaves ordinary values alone: ids, hashes, text with = or @ inside, empty and missing cells", () => {
    const row: CsvCell[] = [
      "evt_0001",
      "0x" + "ab".repeat(32),
      "a=b",
      "ops@example.com",
      "'quoted already",
      "",
      null,
      undefined,
      0,
      1234567,
      true,
      false,
    ];
    const records = read(
      csvDocument(["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12"], [row]),
    );
    // Booleans are 1 and empty (csv-stringify's cast); null and undefined are empty cells.
    expect(records[1]).toEqual([
      "evt_0001",
      `0x${"ab".repeat(32)}`,
      "a=b",
      "ops@example.com",
      "'quoted already",
      "",
      "",
      "",
      "0",
      "1234567",
      "1",
      "",
    ]);
  });

  it("quotes commas, quotes and line breaks so each cell reads back whole", () => {
    const tricky = ["a, b", 'say "hi"', "line 1\nline 2", "crlf\r\ninside", 'all, of "it"\n'];
    const csv = csvDocument(
      ["cell"],
      tricky.map((text) => [text]),
    );
    expect(csv).toBe('cell\n"a, b"\n"say ""hi"""\n"line 1\nline 2"\n"crlf\r\ninside"\n"all, of ""it""\n"\n');
    expect(read(csv)).toEqual([["cell"], ...tricky.map((text) => [text])]);
  });

  it("quotes a lone carriage return inside a cell, so a spreadsheet does not start a row (and a formula) there", () => {
    const text = "failed\r=1+1";
    const csv = csvDocument(["error"], [[text]]);
    expect(csv).toBe(`error\n"${text}"\n`);
    expect(read(csv)).toEqual([["error"], [text]]);
  });

  it("writes a document in pieces (header, then rows) that read back as one, escaped and quoted alike", () => {
    const rows: CsvCell[][] = [
      ["e1", "=cmd|' /C calc'!A0", 3],
      ["e2", 'comma, and "quote"', -1],
      ["e3", null, 0],
    ];
    const records = read(csvRows([["id", "text", "n"]]) + csvRows(rows));
    expect(records).toEqual([
      ["id", "text", "n"],
      ["e1", "'=cmd|' /C calc'!A0", "3"],
      ["e2", 'comma, and "quote"', "-1"],
      ["e3", "", "0"],
    ]);
  });
});
