/**
 * What free text staff type may hold, in plain TypeScript (the browser checks it without loading
 * zod; ./text.ts builds the zod field from it). Control characters and broken UTF-16 (a lone
 * surrogate) are refused with a field message rather than stored: PostgreSQL refuses NUL outright,
 * and the others only hide what was written.
 */

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
