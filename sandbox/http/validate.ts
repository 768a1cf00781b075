import type { z } from "zod";
import { badRequest } from "./errors";

/**
 * Parses request input with a contract schema (lib/contracts), so the console and the sandbox reject
 * the same inputs with the same messages. A failure is a 400 naming each bad parameter.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fail: (message: string) => Error = badRequest,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const parts = result.error.issues.map((issue) => {
    const name = issue.path.length ? issue.path.join(".") : "body";
    // A missing required field reads better than zod's "expected string, received undefined".
    const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
    return `${name}: ${missing ? "is required" : issue.message}`;
  });
  throw fail([...new Set(parts)].join("; "));
}

/** The query of a request as the contracts read it: one string per name, or a list for repeated names. */
export function queryObject(url: string): Record<string, string | string[]> {
  const params = new URL(url).searchParams;
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    out[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return out;
}
