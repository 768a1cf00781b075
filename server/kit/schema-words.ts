import "server-only";
import type { z } from "zod";

/**
 * The words a zod schema spells out itself: the keys of its objects, its enum options and its
 * literals, wherever they sit (through optional, default, pipes, unions, arrays, records, lazy).
 * A field message or path that shows one of these shows the console's own vocabulary, not what
 * someone typed, so the echo scrub (./echo-scrub.ts) leaves them readable.
 */
type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;

const MAX_DEPTH = 24;
const cache = new WeakMap<object, ReadonlySet<string>>();

export function schemaWords(schema: z.ZodType): ReadonlySet<string> {
  let words = cache.get(schema);
  if (!words) {
    const found = new Set<string>();
    collect(schema, found, 0, new Set());
    words = found;
    cache.set(schema, words);
  }
  return words;
}

function collect(schema: unknown, into: Set<string>, depth: number, seen: Set<unknown>) {
  const def = defOf(schema);
  if (!def || depth > MAX_DEPTH || seen.has(schema)) return;
  seen.add(schema);
  const next = (inner: unknown) => collect(inner, into, depth + 1, seen);
  switch (def.type) {
    case "object":
      for (const [key, field] of Object.entries((schema as z.ZodObject).shape as Record<string, unknown>)) {
        into.add(key);
        next(field);
      }
      if (def.catchall) next(def.catchall);
      return;
    case "enum":
      for (const value of Object.values(def.entries as Record<string, unknown>))
        if (typeof value === "string") into.add(value);
      return;
    case "literal":
      for (const value of def.values as unknown[]) if (typeof value === "string") into.add(value);
      return;
    case "union":
      for (const option of def.options as unknown[]) next(option);
      return;
    case "intersection":
      next(def.left);
      next(def.right);
      return;
    case "array":
      next(def.element);
      return;
    case "tuple":
      for (const item of def.items as unknown[]) next(item);
      if (def.rest) next(def.rest);
      return;
    case "record":
    case "map":
      next(def.keyType);
      next(def.valueType);
      return;
    case "set":
      next(def.valueType);
      return;
    case "pipe":
      next(def.in);
      next(def.out);
      return;
    case "lazy":
      next((def.getter as () => unknown)());
      return;
    default:
      if (def.innerType) next(def.innerType);
  }
}
