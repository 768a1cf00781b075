/**
 * Free text that staff type (reasons, tickets, notes, names) and that ends up in the audit log.
 * Control characters and broken UTF-16 (a lone surrogate) are refused with a field message rather
 * than stored: PostgreSQL refuses NUL outright, and the others only hide what was written.
 */
import { z } from "zod";

// Tab, line feed and carriage return are ordinary in a multi-line reason.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE = "Remove the invisible control characters (such as NUL) from this text";
export const BROKEN_CHARACTER_MESSAGE = "This text holds a broken character (half of an emoji or symbol); retype it";

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** A trimmed string of free text, refused when it holds control characters or broken UTF-16. */
export function freeText() {
  return z
    .string()
    .trim()
    .refine((v) => !hasControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
    .refine(isWellFormedText, BROKEN_CHARACTER_MESSAGE);
}
