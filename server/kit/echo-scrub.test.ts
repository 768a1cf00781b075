import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoNeedles, scrubEchoes } from "./echo-scrub";
import { schemaWords } from "./schema-words";

describe("the echo scrub", () => {
  it("finds every string of the input, values and keys at any depth, but not the schema's own words", () => {
    const schema = z.object({ email: z.string(), role: z.enum(["support", "admin"]), tags: z.array(z.string()) });
    const needles = echoNeedles(
      { email: "hunter22", role: "support", tags: ["  padded-value  "], extra: { "key-typed-in": 12345 } },
      schemaWords(schema),
    );
    expect(needles).toEqual(
      expect.arrayContaining(["hunter22", "  padded-value  ", "padded-value", "extra", "key-typed-in", "12345"]),
    );
    expect(needles).not.toContain("email");
    expect(needles).not.toContain("support");
    // Too short to tell from innocent text.
    expect(echoNeedles({ x: "abc" })).toEqual([]);
  });

  it("cuts every match out, ignoring case, overlapping matches as one", () => {
    expect(scrubEchoes('bad value "Hunter22!" here', ["hunter22"])).toBe('bad value "[redacted]!" here');
    expect(scrubEchoes("secretpassword", ["secretpass", "password"])).toBe("[redacted]");
    expect(scrubEchoes("a-b-a-b", ["a-b-"])).toBe("[redacted]a-b");
    expect(scrubEchoes("nothing to see", ["hunter22"])).toBe("nothing to see");
  });

  it("names the schema's keys, enum options and literals, through wrappers, unions, records and pipes", () => {
    const schema = z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("first"), inner: z.object({ nested: z.string().optional() }) }),
        z.object({ kind: z.literal("second"), args: z.record(z.string(), z.enum(["yes", "no"])) }),
      ])
      .pipe(z.any());
    expect([...schemaWords(schema)].sort()).toEqual(
      ["args", "first", "inner", "kind", "nested", "no", "second", "yes"].sort(),
    );
  });
});
