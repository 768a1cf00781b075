/**
 * Building blocks shared by every contract. Two rules hold throughout lib/contracts:
 * - Response objects are z.looseObject: the spec leaves many fields "not shown", and a field the
 *   upstream adds must survive parsing rather than vanish.
 * - Request schemas carry the spec's rules, so the console (before calling) and the sandbox (on
 *   receipt) reject the same inputs with the same messages.
 */
import { z } from "zod";
import { CAIP2_REGEX_SOURCE } from "../chains";

/** ISO-8601 date-time with a zone (the API writes e.g. 2024-04-16T21:15:06.443Z). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true, message: "expected an ISO-8601 date-time" });

export const caip2Schema = z
  .string()
  .regex(new RegExp(CAIP2_REGEX_SOURCE), "expected a CAIP-2 chain id such as eip155:1")
  .describe("CAIP-2 chain id");

/** An id the API issued (client, wallet, webhook, event, yield transaction…). */
export const idSchema = z.string().min(1, "expected a non-empty id");

/** A decimal amount greater than zero in whole units: "1", "0.01"; not "0", "-1", "1e3", ".5". */
export const positiveDecimalSchema = z
  .string()
  .regex(/^(?:[1-9]\d*(?:\.\d+)?|0\.\d*[1-9]\d*)$/, "expected a positive decimal amount such as 0.01")
  .describe("Positive decimal string in whole token units");

/** EVM transaction hash. */
export const txHashSchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "expected a 0x-prefixed 32-byte transaction hash");

export const curveSchema = z.enum(["SECP256K1", "ED25519"]);
export type Curve = z.infer<typeof curveSchema>;

/**
 * An enum whose known values are listed but which still accepts any string, for upstream fields
 * whose full value list the spec does not show; the type keeps the known values for completion.
 */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]) as unknown as z.ZodType<T[number] | (string & {}), string>;
}

/**
 * A whole number in a query string. The sandbox receives strings and the console passes numbers,
 * so both are accepted; the output is always a number within [min, max].
 */
export function queryIntSchema(min: number, max = Number.MAX_SAFE_INTEGER) {
  const range = z
    .number()
    .int("expected a whole number")
    .min(min, `expected at least ${min}`)
    .max(max, `expected at most ${max}`);
  return z.union([range, z.string().regex(/^\d+$/, "expected a whole number").transform(Number).pipe(range)]);
}

/** A query boolean ("true" / "false" on the wire). */
export const queryBooleanSchema = z.union([
  z.boolean(),
  z.enum(["true", "false"], { message: "expected true or false" }).transform((v) => v === "true"),
]);

/**
 * A comma-delimited list in a query string ("a,b,c"). Arrays are accepted too, so a caller can
 * pass string[]; the client joins them with ',' on the wire. Output: the non-empty list of items.
 */
export function commaListSchema<T extends z.ZodType<unknown, string>>(item: T) {
  const split = (v: string) => v.split(",").map((s) => s.trim());
  return z
    .union([
      z.string().min(1, "expected a comma-delimited list").transform(split),
      z.array(z.string()).min(1, "expected at least one value"),
    ])
    .pipe(z.array(item).min(1, "expected at least one value"));
}

/** A body field that the spec gives as JSON: the API's examples send it as a JSON string, an object is accepted too. */
export function jsonValueSchema<T extends z.ZodType>(inner: T) {
  const parsed = z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "expected a JSON string" });
      return z.NEVER;
    }
  });
  return z.union([parsed.pipe(inner), inner]);
}

/** The body of a request the spec gives no fields for. */
export const emptyBodySchema = z.object({});

/** The response of a 204. */
export const noContentSchema = z.undefined();
