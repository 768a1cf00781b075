import type { z } from "zod";

/**
 * What the bad-input tests read from an entry point's zod schema: the field names of the object it
 * parses (through optional, default, preprocess, pipes, refinements and intersections), and for
 * each field the values the schema names itself (an enum's options, a literal, a boolean), so
 * generated inputs are sometimes valid enough to reach the code behind the schema.
 */

export interface FieldInfo {
  /** The field's own schema when it is an object too (nested generated objects use its fields). */
  nested?: Map<string, FieldInfo>;
  /** Values the schema spells out: enum options, literals, booleans. */
  named: unknown[];
}

export type Def = { type: string } & Record<string, unknown>;
export const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

/** The schema with its wrappers (optional, default, pipe, lazy…) taken off, towards the type it checks. */
export function unwrap(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 20) return schema;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return unwrap(def.innerType, depth + 1);
    case "pipe": {
      // A preprocess is a pipe from a transform; the checks that name fields sit on the other side.
      const inner = defOf(def.in)?.type === "transform" ? def.out : def.in;
      return unwrap(inner, depth + 1);
    }
    case "lazy":
      return unwrap((def.getter as () => unknown)(), depth + 1);
    default:
      return schema;
  }
}

/** The fields of an object-like schema, or undefined when it parses something else. */
export function fieldsOf(schema: unknown, depth = 0): Map<string, FieldInfo> | undefined {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (!def || depth > 3) return undefined;
  if (def.type === "object") {
    const shape = (inner as z.ZodObject).shape as Record<string, unknown>;
    return new Map(Object.entries(shape).map(([name, field]) => [name, fieldInfo(field, depth + 1)]));
  }
  if (def.type === "intersection") {
    const merged = new Map([...(fieldsOf(def.left, depth) ?? []), ...(fieldsOf(def.right, depth) ?? [])]);
    return merged.size > 0 ? merged : undefined;
  }
  if (def.type === "union") {
    const merged = new Map<string, FieldInfo>();
    for (const option of def.options as unknown[]) for (const [k, v] of fieldsOf(option, depth) ?? []) merged.set(k, v);
    return merged.size > 0 ? merged : undefined;
  }
  return undefined;
}

function fieldInfo(schema: unknown, depth: number): FieldInfo {
  return { nested: fieldsOf(schema, depth), named: namedValues(schema) };
}

function namedValues(schema: unknown, depth = 0): unknown[] {
  const inner = unwrap(schema);
  const def = defOf(inner);
  if (!def || depth > 5) return [];
  switch (def.type) {
    case "enum":
      return Object.values(def.entries as Record<string, unknown>);
    case "literal":
      return [...(def.values as unknown[])];
    case "boolean":
      return [true, false, "true", "false"];
    case "union":
      return (def.options as unknown[]).flatMap((o) => namedValues(o, depth + 1));
    case "array":
      return namedValues(def.element, depth + 1).map((v) => [v]);
    default:
      return [];
  }
}
