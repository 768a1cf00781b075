import { describe, expect, it } from "vitest";
import { z } from "zod";
import { changePasswordSchema } from "@/lib/account/password";
import { canaryCases } from "./canary-inputs";

function counter() {
  let n = 0;
  return () => `Cnry${String(++n).padStart(8, "0")}`;
}

/** Every case is refused, and every canary it names is in its input, once in the whole plan. */
function expectSound(schema: z.ZodType, cases: ReturnType<typeof canaryCases>) {
  const all = cases.flatMap((c) => c.canaries.map((k) => k.value));
  expect(new Set(all).size).toBe(all.length);
  for (const c of cases) {
    expect(schema.safeParse(c.input).success, c.label).toBe(false);
    for (const { value } of c.canaries) expect(JSON.stringify(c.input)).toContain(value);
  }
}

describe("canary inputs", () => {
  it("put a canary in every field, record key and an unknown key, and are refused", () => {
    const schema = z.object({
      clientId: z.string().regex(/^c[a-z0-9]{24}$/),
      count: z.number().int(),
      tags: z.array(z.string()),
      args: z.record(z.string(), z.string()),
      nested: z.object({ note: z.string() }).optional(),
    });
    const cases = canaryCases(schema, counter());
    expectSound(schema, cases);
    expect(cases).toHaveLength(1);
    expect(cases[0]?.canaries.map((c) => c.at)).toEqual([
      "clientId",
      "count",
      "tags.0",
      "args.<key>",
      "args.<value>",
      "nested.note",
      "an unknown key",
      "an unknown key's value",
    ]);
  });

  it("a password change: the three passwords in one refused input", () => {
    const cases = canaryCases(changePasswordSchema, counter());
    expectSound(changePasswordSchema, cases);
    expect(cases.flatMap((c) => c.canaries.map((k) => k.at))).toEqual(
      expect.arrayContaining(["current", "next", "confirm"]),
    );
  });

  it("free text only: each field carries its canary while the others have a wrong type", () => {
    const schema = z.object({ name: z.string(), reason: z.string().optional() });
    const cases = canaryCases(schema, counter());
    expectSound(schema, cases);
    expect(cases.map((c) => c.label)).toEqual([
      "name (other fields of a wrong type)",
      "reason (other fields of a wrong type)",
    ]);
    expect(cases[0]?.input).toEqual({ reason: {}, name: expect.stringMatching(/^Cnry/) });
  });

  it("one free-text field: it carries its canary in the wrong type", () => {
    const schema = z.object({ checkpoint: z.string().max(4096).optional() });
    const cases = canaryCases(schema, counter());
    expectSound(schema, cases);
    expect(cases.map((c) => c.label)).toEqual(["checkpoint (of a wrong type)"]);
  });
});
