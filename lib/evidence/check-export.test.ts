import { createHash } from "node:crypto";
import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileChecks, RowCounter } from "./check-export";

/** Counts the way the verify page does, fed in arbitrary chunks. */
function count(format: "csv" | "ndjson", text: string, cuts: number[]) {
  const bytes = new TextEncoder().encode(text);
  const counter = new RowCounter(format);
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length]) {
    counter.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  return counter.rows;
}

describe("the verify page's row count", () => {
  it("agrees with csv-parse on CSV with quoted line breaks, quotes and empty cells, however it is chunked", () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('a "quoted" b', "line\nbreak", ",", '"', ""));
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 20 }),
        fc.array(fc.nat()),
        (rows, cuts) => {
          const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
          const text = ["h1,h2", ...rows.map((r) => r.map(quote).join(","))].map((l) => `${l}\n`).join("");
          const expected = (parse(text) as string[][]).length - 1;
          expect(count("csv", text, cuts)).toBe(expected);
        },
      ),
    );
  });

  it("counts NDJSON lines, with or without a final line break", () => {
    expect(count("ndjson", '{"a":1}\n{"a":2}\n', [3])).toBe(2);
    expect(count("ndjson", '{"a":1}\n{"a":2}', [])).toBe(2);
    expect(count("ndjson", "", [])).toBe(0);
  });

  it("checks size, SHA-256 and rows against a manifest, naming what differs", async () => {
    const text = 'h1,h2\n"a","b"\n';
    const sha256 = createHash("sha256").update(text).digest("hex");
    const manifest = { format: "csv", rows: 1, file: { name: "x.csv", bytes: text.length, sha256 } };
    expect((await fileChecks(manifest, new Blob([text]))).every((c) => c.ok)).toBe(true);
    const changed = await fileChecks(manifest, new Blob([text.replace("b", "c")]));
    expect(changed.find((c) => c.label === "SHA-256")).toMatchObject({ ok: false });
    expect(changed.find((c) => c.label === "Size")).toMatchObject({ ok: true });
  });
});
