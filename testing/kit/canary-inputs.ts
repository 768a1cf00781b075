import type { z } from "zod";
import { defOf, unwrap } from "./zod-fields";

/**
 * Inputs for the canaries of the secret scan (e2e/security/canaries.spec.ts): for one action's zod
 * schema, inputs that the schema refuses and that carry a unique canary in every string the input
 * can hold: each string field, each non-string field (a string there is also the wrong type), the
 * keys of records and one key the schema does not know. Every input returned is checked here to be
 * refused by the schema, so none can be acted on. When every canary passes (a schema of free-text
 * fields), each field gets an input of its own in which it carries its canary while the other
 * fields have a wrong type, or, with no other field, the field itself carries it in the wrong type.
 */
export interface CanaryCase {
  /** Which input this is, for reports. */
  label: string;
  input: unknown;
  /** Every canary the input carries, and where. */
  canaries: { value: string; at: string }[];
}

type Shape = Map<string, unknown>;

const MAX_DEPTH = 6;
/** Values of a wrong type for almost any field; tried in turn until the schema refuses the input. */
const WRONG_TYPES: unknown[] = [{}, [[]], null, 0, true];

export function canaryCases(schema: z.ZodType, canary: () => string): CanaryCase[] {
  const refused = (input: unknown) => !schema.safeParse(input).success;
  const build: Build = (fill) => {
    const canaries: CanaryCase["canaries"] = [];
    const carry: Carry = (at) => {
      const value = canary();
      canaries.push({ value, at });
      return value;
    };
    return { input: fill(carry), canaries };
  };

  const every = build((carry) => withUnknownKey(valueFor(schema, "", carry, 0), carry));
  if (refused(every.input)) return [{ label: "every field", ...every }];

  const shape = shapeOf(schema, 0);
  if (!shape) throw new Error("the schema accepts a canary in place of its whole input");
  const cases: CanaryCase[] = [];
  for (const field of shape.keys()) {
    const others = [...shape.keys()].filter((k) => k !== field);
    const wrong = others.length === 0 ? undefined : wrongTypeCase(field, others, shape, build, refused);
    if (wrong) {
      cases.push({ label: `${field} (other fields of a wrong type)`, ...wrong });
      continue;
    }
    const wrapped = build((carry) =>
      withUnknownKey(
        Object.fromEntries(
          [...shape].map(([k, f]) => [k, k === field ? [carry(`${field} (in an array)`)] : valueFor(f, k, carry, 1)]),
        ),
        carry,
      ),
    );
    if (!refused(wrapped.input)) throw new Error(`no input with a canary in ${field} is refused`);
    cases.push({ label: `${field} (of a wrong type)`, ...wrapped });
  }
  return cases;
}

type Carry = (at: string) => string;
type Build = (fill: (carry: Carry) => unknown) => Omit<CanaryCase, "label">;

/** `field` carries its canaries while every other field has the same wrong type, the first one the schema refuses. */
function wrongTypeCase(
  field: string,
  others: string[],
  shape: Shape,
  build: Build,
  refused: (input: unknown) => boolean,
) {
  for (const bad of WRONG_TYPES) {
    const candidate = build((carry) => ({
      ...Object.fromEntries(others.map((k) => [k, bad])),
      [field]: valueFor(shape.get(field), field, carry, 1),
    }));
    if (refused(candidate.input)) return candidate;
  }
  return undefined;
}

const join = (at: string, key: string) => (at ? `${at}.${key}` : key);

/** The input `schema` could take, with a canary in every string and in place of every other value. */
function valueFor(schema: unknown, at: string, carry: Carry, depth: number): unknown {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (!def || depth > MAX_DEPTH) return carry(at || "input");
  const shape = shapeOf(inner, depth);
  if (shape)
    return Object.fromEntries(
      [...shape].map(([key, field]) => [key, valueFor(field, join(at, key), carry, depth + 1)]),
    );
  switch (def.type) {
    case "array":
      return [valueFor(def.element, join(at, "0"), carry, depth + 1)];
    case "tuple":
      return (def.items as unknown[]).map((item, i) => valueFor(item, join(at, String(i)), carry, depth + 1));
    case "record":
      return { [carry(join(at, "<key>"))]: valueFor(def.valueType, join(at, "<value>"), carry, depth + 1) };
    default:
      return carry(at || "input");
  }
}

/** The fields of an object-like schema (options of a union and sides of an intersection merged). */
function shapeOf(schema: unknown, depth: number): Shape | undefined {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (!def || depth > MAX_DEPTH) return undefined;
  if (def.type === "object") return new Map(Object.entries((inner as z.ZodObject).shape as Record<string, unknown>));
  const parts =
    def.type === "union" ? (def.options as unknown[]) : def.type === "intersection" ? [def.left, def.right] : [];
  const merged: Shape = new Map();
  for (const part of parts)
    for (const [key, field] of shapeOf(part, depth + 1) ?? []) if (!merged.has(key)) merged.set(key, field);
  return merged.size > 0 ? merged : undefined;
}

/** An object input gains a key the schema does not know, itself a canary, holding one. */
function withUnknownKey(input: unknown, carry: Carry): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  return { ...input, [carry("an unknown key")]: carry("an unknown key's value") };
}
