/**
 * The kinds of configuration variable (a whole number in a range, an on/off flag, a share, a URL…),
 * each a zod schema that carries its rule in words as metadata (`validation`), so
 * docs/configuration.md (scripts/config-doc.ts) says what the parser checks, from the parser itself.
 * A variable's own schema adds what it does with `.describe()`, and `.meta({ unset })` when an unset
 * variable means more than the value the schema fills in.
 */
import { z } from "zod";

declare module "zod" {
  /** What docs/configuration.md reads from a variable's schema (zod's global registry), besides `description`. */
  interface GlobalMeta {
    /** The rule the parser applies, in words. */
    validation?: string;
    /** What an unset (or empty) variable means, when the schema's own default does not say it. */
    unset?: string;
  }
}

export const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Fills in the default before validation, so a default runs through the same transform as a set value. */
export const orDefault = (fallback: string) => (v: unknown) => emptyToUndefined(v) ?? fallback;

export const int = (min: number, max: number, fallback: number) =>
  z
    .preprocess(
      orDefault(String(fallback)),
      z
        .string()
        .regex(/^\d+$/, `expected a whole number between ${min} and ${max}`)
        .transform(Number)
        .pipe(z.number().int().min(min, `expected at least ${min}`).max(max, `expected at most ${max}`)),
    )
    .meta({ validation: `a whole number from ${min} to ${max}` });

export const port = (fallback: number) => int(1, 65535, fallback);

export const flag = (fallback: boolean) =>
  z
    .preprocess(
      orDefault(fallback ? "on" : "off"),
      z
        .enum(["on", "off", "true", "false", "1", "0", "yes", "no"], { message: "expected on or off" })
        .transform((v) => ["on", "true", "1", "yes"].includes(v)),
    )
    .meta({ validation: "`on` or `off` (also `true`/`false`, `1`/`0`, `yes`/`no`)" });

/** A share between 0 and 1 (`fallback` when unset), e.g. a rate of faults. */
export const share = (fallback: string) =>
  z
    .preprocess(
      orDefault(fallback),
      z
        .string()
        .regex(/^(0(\.\d+)?|1(\.0+)?)$/, "expected a share between 0 and 1, e.g. 0.05")
        .transform(Number),
    )
    .meta({ validation: "a share from 0 to 1, e.g. `0.05`" });

/** Whole milliseconds up to `max`, or unset. */
export const optionalMs = (min: number, max: number, maxMessage: string) =>
  z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\d+$/, "expected a whole number of milliseconds")
        .transform(Number)
        .pipe(z.number().int().min(min, `expected at least ${min}`).max(max, maxMessage))
        .optional(),
    )
    .meta({ validation: `whole milliseconds from ${min} to ${max}` });

export const optionalUrl = z
  .preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "expected an http(s) URL" })
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  )
  .meta({ validation: "an http(s) URL (a trailing `/` is dropped)" });

export const optionalString = z.preprocess(emptyToUndefined, z.string().optional()).meta({ validation: "any text" });

/** A string with a default, for paths and names. */
export const text = (fallback: string) =>
  z.preprocess(emptyToUndefined, z.string().default(fallback)).meta({ validation: "any text" });
