import { describe, expect, it } from "vitest";
import { formMessage } from "./use-action";

const refusal = {
  code: "VALIDATION" as const,
  message: "Please check the form. next: Use at least 12 characters",
  fields: { next: "Use at least 12 characters" },
};

describe("formMessage: one message per problem", () => {
  it("says nothing above the form when each field message is under a field the form shows", () => {
    expect(formMessage(refusal, ["current", "next", "confirm"])).toBeUndefined();
  });

  it("keeps the messages of fields the form does not show", () => {
    const both = { ...refusal, fields: { next: "Use at least 12 characters", input: "Unexpected field" } };
    expect(formMessage(both, ["next"])).toBe("Please check the form. Unexpected field");
  });

  it("keeps a refusal not tied to a field, and every message of a form that names no fields", () => {
    expect(formMessage({ code: "FORBIDDEN", message: "Not allowed" }, ["next"])).toBe("Not allowed");
    expect(formMessage(refusal, undefined)).toBe(refusal.message);
  });
});
