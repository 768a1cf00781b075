/**
 * Free text that staff type (reasons, tickets, notes, names) and that ends up in the audit log, as a
 * zod field: the rule itself is ./text-rules.ts.
 */
import { z } from "zod";
import {
  BROKEN_CHARACTER_MESSAGE,
  CONTROL_CHARACTER_MESSAGE,
  hasControlCharacters,
  isWellFormedText,
} from "./text-rules";

export { BROKEN_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE, hasControlCharacters, isWellFormedText };

/** A trimmed string of free text, refused when it holds control characters or broken UTF-16. */
export function freeText() {
  return z
    .string()
    .trim()
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
    .refine(isWellFormedText, BROKEN_CHARACTER_MESSAGE);
}
