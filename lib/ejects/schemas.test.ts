import { describe, expect, it } from "vitest";
import { ejectRequestSchema } from "./schemas";

describe("eject request form", () => {
  const ok = {
    clientId: "cmi9rgt1ogkfysbx0rq0mbfz5",
    walletId: "cmi9rgt1ogkftsbx0tl5yve5l",
    reason: "User asked to export the key",
    ticket: "SUP-1",
    windowMinutes: "5",
  };
  it("accepts a window of at least one minute", () => {
    expect(ejectRequestSchema.parse(ok).windowMinutes).toBe(5);
    expect(ejectRequestSchema.parse({ ...ok, windowMinutes: 1 }).windowMinutes).toBe(1);
  });
  it.each([["0"], ["-3"], ["1.5"], ["61"], ["x"]])("rejects the window %j", (windowMinutes) => {
    expect(ejectRequestSchema.safeParse({ ...ok, windowMinutes }).success).toBe(false);
  });
  it("needs a reason and a ticket", () => {
    expect(ejectRequestSchema.safeParse({ ...ok, reason: "short" }).success).toBe(false);
    expect(ejectRequestSchema.safeParse({ ...ok, ticket: "" }).success).toBe(false);
  });
});
