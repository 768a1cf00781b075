import "server-only";
import type { z } from "zod";
import { AppError } from "@/server/errors";
import { echoNeedles, scrubEchoes } from "./echo-scrub";
import { schemaWords } from "./schema-words";

/**
 * The VALIDATION error of input a schema refused: one message per failing field, keyed by its
 * path. This is all a refusal keeps and all the browser gets back, so nothing of the input may be
 * in it: every string of the raw input is cut out of paths and messages (./echo-scrub.ts).
 */
export function validationError(error: z.ZodError, raw: unknown, schema: z.ZodType): AppError {
  const needles = echoNeedles(raw, schemaWords(schema));
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map((segment) => (typeof segment === "symbol" ? "?" : String(segment))).join(".");
    const key = scrubEchoes(path, needles) || "input";
    fields[key] ??= scrubEchoes(issue.message, needles);
  }
  const first = Object.entries(fields)[0];
  const summary = first ? (first[0] === "input" ? first[1] : `${first[0]}: ${first[1]}`) : "The input is not valid.";
  return new AppError("VALIDATION", `Please check the form. ${summary}`, fields);
}
