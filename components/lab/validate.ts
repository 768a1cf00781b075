import type { z } from "zod";

/**
 * The form's own check with the schema the server uses: a bad value is named beside its field and
 * never leaves the browser. Returns the parsed input, or the first message per field.
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: Record<string, string> } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, errors };
}
