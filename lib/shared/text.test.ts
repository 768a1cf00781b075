import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BROKEN_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE, freeText } from "./text";

const schema = freeText().min(3);

describe("free text", () => {
  it("accepts ordinary text in any script, emoji and line breaks", () => {
    for (const text of [
      "Ticket SUP-12: user lost phone",
      "Überweisung prüfen",
      "客户要求",
      "ok 👍🏽 done",
      "line one\nline two\ttab",
    ])
      expect(schema.safeParse(text).success).toBe(true);
  });

  it("refuses NUL and other control characters with a field message", () => {
    for (const text of ["abc\u0000def", "bell\u0007", "esc\u001b[31m", "del\u007f"]) {
      const result = schema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it("refuses a lone surrogate (broken UTF-16) but not a surrogate pair", () => {
    expect(schema.safeParse("half \uD83D emoji").error?.issues[0]?.message).toBe(BROKEN_CHARACTER_MESSAGE);
    expect(schema.safeParse("tail \uDC4D first").error?.issues[0]?.message).toBe(BROKEN_CHARACTER_MESSAGE);
    expect(schema.safeParse("whole \uD83D\uDC4D emoji").success).toBe(true);
  });

  it("accepts exactly the strings that are well formed and free of control characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        const accepted = schema.safeParse(s).success;
        const trimmed = s.trim();
        // Independent of the module's regexes: well-formedness from the UTF-8 round trip.
        const wellFormed = Buffer.from(trimmed, "utf8").toString("utf8") === trimmed;
        const clean = [...trimmed].every((ch) => {
          const c = ch.codePointAt(0) ?? 0;
          return !((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f);
        });
        // zod counts characters (code points), not UTF-16 units.
        expect(accepted).toBe(wellFormed && clean && [...trimmed].length >= 3);
      }),
      { numRuns: 2000 },
    );
  });
});
