import "server-only";
import { REDACTED } from "@/server/redact";

/**
 * A refused input must leave no value behind, but zod messages and paths can quote the input: a
 * custom message built from the value, a record's key in the path, strictObject's unrecognized
 * keys. So every string found in the raw input (values and keys, deep) is cut out of the messages
 * and paths that are recorded or sent back, whatever field it was typed into: a password typed in
 * the wrong box is still a password. Shorter strings would match innocent text by chance; the
 * schema's own words (its keys, enum options, literals) are not what anybody typed, so they stay.
 */
export const MIN_ECHO_LENGTH = 4;

const MAX_DEPTH = 16;
const MAX_STRINGS = 10_000;

/** The strings of `raw` that must not be echoed, longest first. */
export function echoNeedles(raw: unknown, schemaWords: ReadonlySet<string> = new Set()): string[] {
  const found = new Set<string>();
  const add = (text: string) => {
    for (const candidate of [text, text.trim()])
      if (candidate.length >= MIN_ECHO_LENGTH && !schemaWords.has(candidate)) found.add(candidate);
  };
  const walk = (value: unknown, depth: number) => {
    if (found.size >= MAX_STRINGS) return;
    if (typeof value === "string") add(value);
    else if (typeof value === "number" || typeof value === "bigint") add(String(value));
    else if (value !== null && typeof value === "object" && depth <= MAX_DEPTH) {
      const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
      for (const [key, inner] of entries) {
        if (typeof key === "string") add(key);
        walk(inner, depth + 1);
      }
    }
  };
  walk(raw, 0);
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * `text` with every stretch that matches a needle replaced, ignoring case (a schema may lower-case
 * before it quotes); overlapping matches are cut out as one. When lower-casing changes the text's
 * length (a few Unicode letters), needles are matched exactly.
 */
export function scrubEchoes(text: string, needles: readonly string[]): string {
  const lower = text.toLowerCase();
  const folded = lower.length === text.length;
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    if (needle.length === 0 || needle.length > text.length) continue;
    const foldedNeedle = needle.toLowerCase();
    const [haystack, find] = folded && foldedNeedle.length === needle.length ? [lower, foldedNeedle] : [text, needle];
    for (let at = haystack.indexOf(find); at !== -1; at = haystack.indexOf(find, at + 1))
      ranges.push([at, at + find.length]);
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  // Overlapping or touching matches merge into one cut.
  const cuts: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = cuts.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else cuts.push([start, end]);
  }
  let out = "";
  let from = 0;
  for (const [start, end] of cuts) {
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}
