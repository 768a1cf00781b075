import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isAuditRecordId, readAuditFilters, readFilterMinute } from "./filters";
import { floorToMinute } from "./time";
import { auditFiltersSchema } from "./";

// Pieces a hand-edited URL is made of: valid and invalid dates, codes, outcomes, text with NUL and
// half surrogates, blanks, and values that are not text at all.
const piece = fc.constantFrom(
  "",
  "  ",
  "alice@example.com",
  "auth.",
  "alerts.replay*",
  "a\u0000",
  "\uD800x",
  "x".repeat(201),
  ` ${"y".repeat(200)} `,
  "ok",
  "error",
  "intent",
  " ok",
  "OK",
  "FORBIDDEN",
  " LOCKED ",
  "invalid credentials",
  "2026-11-21T09:30",
  "2026-11-21T09:30:59.999Z",
  "2026-11-21T12:15:42.5+02:00",
  "2026-11-21T09:30Z",
  "2026-11-21T09:30:00z",
  "2024-02-29T00:00",
  "2026-02-29T00:00",
  "2026-11-21T24:00",
  "2026-11-21 09:30",
  "yesterday",
);
const value = fc.oneof(piece, fc.string(), fc.integer(), fc.constant(null), fc.constant(undefined));
const raw = fc.record(
  {
    actor: value,
    action: value,
    outcome: value,
    errorCode: value,
    from: value,
    to: value,
    cursor: piece,
  },
  { requiredKeys: [] },
);

describe("the audit filters read without zod (the browser's reader)", () => {
  it("agrees with the server's schema on every input: what passes, what it becomes, which field is refused and why", () => {
    fc.assert(
      fc.property(raw, (input) => {
        const plain = readAuditFilters(input);
        const zod = auditFiltersSchema.safeParse(input);
        expect(plain.success).toBe(zod.success);
        if (plain.success && zod.success) expect(plain.data).toEqual(zod.data);
        if (!plain.success && !zod.success)
          expect(plain.error.issues.map((i) => [i.path, i.message])).toEqual(
            zod.error.issues.map((i) => [i.path, i.message]),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the date-times zod's own ISO check takes (with an offset, or without one as UTC), and no others", () => {
    // The oracle is zod's datetime check, which the reader does not use.
    const iso = z.iso.datetime({ offset: true, local: true });
    const sample = fc.oneof(
      fc
        .date({ min: new Date("0001-01-01"), max: new Date("9999-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      fc.stringMatching(/^\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d(:[0-6]\d(\.\d{1,4})?)?(Z|z|[+-][0-2]\d:?[0-5]\d)?$/),
    );
    fc.assert(
      fc.property(sample, (text) => {
        const read = readFilterMinute(text);
        expect(read.ok).toBe(iso.safeParse(text).success);
        if (read.ok) expect(read.value).toBe(floorToMinute(/Z$|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a record id as zod's UUID check does", () => {
    const uuid = z.uuid();
    fc.assert(
      fc.property(fc.oneof(fc.uuid(), fc.string(), fc.stringMatching(/^[0-9a-fA-F-]{36}$/)), (text) => {
        expect(isAuditRecordId(text)).toBe(uuid.safeParse(text).success);
      }),
      { numRuns: 2000 },
    );
  });
});
