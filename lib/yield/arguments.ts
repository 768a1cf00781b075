/**
 * The arguments of an enter or exit action, checked against the yield's own argument schema
 * (mechanics.arguments.enter / .exit): the form is built from the same fields, and the server checks
 * again before anything reaches the provider. Amounts are compared as decimals, exactly.
 */
import { z } from "zod";
import type { ArgumentSchema } from "@/lib/contracts";

export type ArgumentField = ArgumentSchema["fields"][number];
export type ArgumentValues = Record<string, string | number | boolean | string[]>;

const DECIMAL = /^(\d{1,36})(?:\.(\d{1,30}))?$/;

/** -1, 0 or 1 as a < b, a = b, a > b, for non-negative decimal strings ("10", "0.5"). */
export function compareDecimals(a: string, b: string): number {
  const [, ai = "0", af = ""] = DECIMAL.exec(a.trim()) ?? [];
  const [, bi = "0", bf = ""] = DECIMAL.exec(b.trim()) ?? [];
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, "0"));
  const y = BigInt(bi + bf.padEnd(width, "0"));
  return x < y ? -1 : x > y ? 1 : 0;
}

const isDecimal = (v: string) => DECIMAL.test(v.trim());

function amountField(field: ArgumentField, symbol: string) {
  const min = typeof field.minimum === "string" || typeof field.minimum === "number" ? String(field.minimum) : null;
  const max = typeof field.maximum === "string" || typeof field.maximum === "number" ? String(field.maximum) : null;
  return z
    .string()
    .trim()
    .min(1, "Enter an amount")
    .refine(isDecimal, "An amount is a number such as 10 or 0.5")
    .refine((v) => !isDecimal(v) || /[1-9]/.test(v), "The amount must be more than zero")
    .refine(
      (v) => !isDecimal(v) || !min || compareDecimals(v, min) >= 0,
      `The least this yield takes is ${min} ${symbol}`,
    )
    .refine(
      (v) => !isDecimal(v) || !max || compareDecimals(v, max) <= 0,
      `The most this yield takes is ${max} ${symbol}`,
    );
}

function fieldSchema(field: ArgumentField, symbol: string): z.ZodType {
  if (field.name === "amount") return amountField(field, symbol);
  let schema: z.ZodType;
  switch (field.type) {
    case "boolean":
      schema = z.boolean();
      break;
    case "number": {
      let n = z.number({ message: `${field.label ?? field.name} is a number` });
      if (typeof field.minimum === "number") n = n.min(field.minimum);
      if (typeof field.maximum === "number") n = n.max(field.maximum);
      schema = n;
      break;
    }
    case "enum": {
      const options = (field.options ?? []).map(String);
      schema = z.string().refine((v) => options.includes(v), `Choose one of ${options.join(", ")}`);
      break;
    }
    case "address":
      schema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "An address is 0x followed by 40 hex digits");
      break;
    default:
      schema = z.string().trim().min(1).max(200);
  }
  return field.isArray ? z.array(schema).max(50) : schema;
}

/**
 * The schema of one action's arguments: every field of the yield's schema (required ones required),
 * and nothing else. An exit's amount may be left out when the schema offers useMaxAmount and it is on.
 */
export function argumentsSchemaFor(schema: ArgumentSchema | null, symbol: string) {
  const fields = schema?.fields ?? [{ name: "amount", type: "string", required: true } as ArgumentField];
  const hasMax = fields.some((f) => f.name === "useMaxAmount");
  const shape: Record<string, z.ZodType> = {};
  for (const field of fields) {
    const base = fieldSchema(field, symbol);
    shape[field.name] = field.required && !(field.name === "amount" && hasMax) ? base : base.optional();
  }
  return z.strictObject(shape).superRefine((values, ctx) => {
    const v = values as ArgumentValues;
    if (fields.some((f) => f.name === "amount") && v.amount === undefined && v.useMaxAmount !== true)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: hasMax ? "Enter an amount, or exit the whole position" : "Enter an amount",
      });
  });
}

/** The form's raw values (text inputs, checkboxes) as the schema's types; empty text is left out. */
export function coerceArguments(fields: ArgumentField[], raw: Record<string, string | boolean>): ArgumentValues {
  const out: ArgumentValues = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined || value === "") continue;
    if (field.type === "boolean") {
      if (value === true) out[field.name] = true;
    } else if (field.type === "number" && typeof value === "string") out[field.name] = Number(value);
    else if (typeof value === "string") out[field.name] = field.isArray ? value.split(",").map((s) => s.trim()) : value;
  }
  return out;
}
