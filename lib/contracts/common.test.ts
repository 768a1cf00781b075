import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  caip2Schema,
  commaListSchema,
  isoDateTimeSchema,
  jsonValueSchema,
  openEnum,
  positiveDecimalSchema,
  queryBooleanSchema,
  queryIntSchema,
} from "./common";

describe("positiveDecimalSchema", () => {
  it.each(["1", "0.01", "10.5", "0.000001", "123456789012345678901234567890"])("accepts %j", (v) => {
    expect(positiveDecimalSchema.safeParse(v).success).toBe(true);
  });
  it.each(["0", "0.0", "00.1", "-1", "1e3", ".5", "1.", " 1", "1,5", "", "0x10", "NaN"])("rejects %j", (v) => {
    expect(positiveDecimalSchema.safeParse(v).success).toBe(false);
  });
});

describe("queryIntSchema", () => {
  const take = queryIntSchema(1, 100);
  it("accepts numbers and digit strings within range", () => {
    expect(take.parse(5)).toBe(5);
    expect(take.parse("100")).toBe(100);
  });
  it.each([0, 101, 1.5, "0", "101", "1.5", "-1", "", "ten", " 5"])("rejects %j", (v) => {
    expect(take.safeParse(v).success).toBe(false);
  });
});

describe("queryBooleanSchema", () => {
  it("reads true/false strings and booleans", () => {
    expect(queryBooleanSchema.parse("true")).toBe(true);
    expect(queryBooleanSchema.parse(false)).toBe(false);
    expect(queryBooleanSchema.safeParse("yes").success).toBe(false);
  });
});

describe("commaListSchema", () => {
  const statuses = commaListSchema(z.enum(["success", "failed", "pending"]));
  it("splits a comma-delimited string and accepts an array", () => {
    expect(statuses.parse("success,failed")).toEqual(["success", "failed"]);
    expect(statuses.parse("success, pending")).toEqual(["success", "pending"]);
    expect(statuses.parse(["failed"])).toEqual(["failed"]);
  });
  it.each(["", "success,,failed", "done", ","])("rejects %j", (v) => {
    expect(statuses.safeParse(v).success).toBe(false);
  });
  it("rejects an empty array", () => {
    expect(statuses.safeParse([]).success).toBe(false);
  });
});

describe("openEnum", () => {
  it("accepts known and unknown strings, not other types", () => {
    const status = openEnum(["active", "locked"]);
    expect(status.parse("active")).toBe("active");
    expect(status.parse("vesting")).toBe("vesting");
    expect(status.safeParse(1).success).toBe(false);
  });
});

describe("jsonValueSchema", () => {
  const pair = jsonValueSchema(z.looseObject({ a: z.number() }));
  it("takes a JSON string or the object", () => {
    expect(pair.parse('{"a":1,"b":2}')).toEqual({ a: 1, b: 2 });
    expect(pair.parse({ a: 1 })).toEqual({ a: 1 });
  });
  it("rejects text that is not JSON and JSON of the wrong shape", () => {
    expect(pair.safeParse("{a:1}").success).toBe(false);
    expect(pair.safeParse('{"a":"1"}').success).toBe(false);
  });
});

describe("isoDateTimeSchema and caip2Schema", () => {
  it("checks ISO date-times with a zone", () => {
    expect(isoDateTimeSchema.safeParse("2024-04-16T21:15:06.443Z").success).toBe(true);
    expect(isoDateTimeSchema.safeParse("2024-04-16T21:15:06+02:00").success).toBe(true);
    expect(isoDateTimeSchema.safeParse("2024-04-16").success).toBe(false);
    expect(isoDateTimeSchema.safeParse("2024-04-16T21:15:06").success).toBe(false);
  });
  it("checks CAIP-2 syntax", () => {
    expect(caip2Schema.safeParse("bip122:000000000019d6689c085ae165831e93-p2wpkh").success).toBe(true);
    expect(caip2Schema.safeParse("sepolia").success).toBe(false);
  });
});
