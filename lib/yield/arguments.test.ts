import { describe, expect, it } from "vitest";
import { argumentsSchemaFor, coerceArguments, compareDecimals } from "./arguments";

const enter = {
  fields: [{ name: "amount", type: "string", label: "Amount", required: true, minimum: "1", maximum: "1000" }],
};
const exit = {
  fields: [
    { name: "amount", type: "string", label: "Amount", required: false },
    { name: "useMaxAmount", type: "boolean", label: "Exit the whole position", required: false },
  ],
};

describe("decimal amounts", () => {
  it("compares exactly, whatever the number of decimals", () => {
    expect(compareDecimals("10", "9.999999999999999999")).toBe(1);
    expect(compareDecimals("0.1", "0.10")).toBe(0);
    expect(compareDecimals("1000.000000000000000001", "1000")).toBe(1);
    expect(compareDecimals("0.000001", "0.00001")).toBe(-1);
  });
});

describe("action arguments from the yield's schema", () => {
  it("takes an amount within the entry limits and refuses one outside, saying the limit", () => {
    const schema = argumentsSchemaFor(enter, "USDC");
    expect(schema.safeParse({ amount: "10" }).success).toBe(true);
    expect(schema.safeParse({ amount: "1000" }).success).toBe(true);
    const low = schema.safeParse({ amount: "0.5" });
    expect(low.error?.issues[0]?.message).toBe("The least this yield takes is 1 USDC");
    const high = schema.safeParse({ amount: "1000.01" });
    expect(high.error?.issues[0]?.message).toBe("The most this yield takes is 1000 USDC");
    expect(schema.safeParse({ amount: "1e3" }).error?.issues[0]?.message).toBe(
      "An amount is a number such as 10 or 0.5",
    );
    expect(schema.safeParse({ amount: "0" }).error?.issues[0]?.message).toBe("The amount must be more than zero");
    expect(schema.safeParse({}).success).toBe(false);
  });

  it("refuses fields the yield does not take", () => {
    expect(argumentsSchemaFor(enter, "USDC").safeParse({ amount: "10", validatorAddress: "0x1" }).success).toBe(false);
  });

  it("lets an exit leave the amount out only to exit the whole position", () => {
    const schema = argumentsSchemaFor(exit, "USDC");
    expect(schema.safeParse({ useMaxAmount: true }).success).toBe(true);
    expect(schema.safeParse({ amount: "3" }).success).toBe(true);
    expect(schema.safeParse({}).error?.issues[0]).toMatchObject({
      path: ["amount"],
      message: "Enter an amount, or exit the whole position",
    });
  });

  it("turns the form's text and checkboxes into the schema's types, leaving empty text out", () => {
    expect(coerceArguments(exit.fields as never, { amount: "", useMaxAmount: true })).toEqual({ useMaxAmount: true });
    expect(coerceArguments(exit.fields as never, { amount: "2.5", useMaxAmount: false })).toEqual({ amount: "2.5" });
  });
});
