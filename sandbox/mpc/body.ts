import type { Context } from "hono";
import type { z } from "zod";
import { MpcError } from "./errors";

/** The JSON object body; an empty body reads as {} (generate takes none). */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MpcError("BAD_REQUEST", "Can't parse the request body: it is not JSON");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new MpcError("BAD_REQUEST", "Can't parse the request body: expected a JSON object");
  return value as Record<string, unknown>;
}

/** Validates with a contract schema (lib/contracts/mpc.ts); a failure names every bad field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const parts = result.error.issues.map((issue) => {
    const name = issue.path.length ? issue.path.join(".") : "body";
    const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
    return `${name}: ${missing ? "is required" : issue.message}`;
  });
  throw new MpcError("BAD_REQUEST", [...new Set(parts)].join("; "));
}
