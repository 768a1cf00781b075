import "server-only";
import type { z } from "zod";
import { echoNeedles } from "@/server/kit/echo-scrub";
import { schemaWords } from "@/server/kit/schema-words";

/**
 * For the bad-input property tests: the strings of a refused input that its record or answer still
 * shows. The words the console adds around the scrubbed field messages ("Please check the form.",
 * the root field's name, the scrub's own marker, the record's `fields`) are its own, whatever the
 * input held.
 */
const CONSOLE_WORDS = "please check the form. input [redacted] the input is not valid. fields";

export function echoedInput(input: unknown, schema: z.ZodType, shown: unknown[]): string[] {
  const needles = echoNeedles(input, schemaWords(schema)).filter((n) => !CONSOLE_WORDS.includes(n.toLowerCase()));
  if (needles.length === 0) return [];
  const texts: string[] = [];
  const collect = (value: unknown, depth: number) => {
    if (typeof value === "string") texts.push(value.toLowerCase());
    else if (value !== null && typeof value === "object" && depth < 16)
      for (const [key, inner] of Object.entries(value)) {
        texts.push(key.toLowerCase());
        collect(inner, depth + 1);
      }
  };
  collect(shown, 0);
  return needles.filter((needle) => texts.some((text) => text.includes(needle.toLowerCase())));
}
