import { describe, expect, it } from "vitest";
import { timelineQuerySchema } from "./timeline";

describe("the timeline's query", () => {
  it("takes a page cursor that is a record number, not one beyond any", () => {
    // The twin of the audit page's cursor, which the bad-input tests found overflowing the query's bigint (a 500).
    const page = (cursor: string) => timelineQuerySchema.safeParse({ cursor });
    expect(page("42")).toMatchObject({ success: true, data: { cursor: "42", kinds: [], limit: 25 } });
    expect(page(String(Number.MAX_SAFE_INTEGER)).success).toBe(true);
    for (const cursor of ["9223372036854775296", "9".repeat(400), "-1", "1e3"])
      expect(page(cursor).error?.issues[0]).toMatchObject({ path: ["cursor"], message: "expected a record number" });
  });
});
