import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./safe-redirect";

describe("post-sign-in redirect", () => {
  it.each([
    ["/audit?outcome=error", "/audit?outcome=error"],
    ["/clients/c1", "/clients/c1"],
  ])("keeps same-origin path %s", (input, out) => {
    expect(safeCallbackPath(input)).toBe(out);
  });
  it.each([
    "https://evil.example",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "/signin",
    "/api/users",
    undefined,
    42,
  ])("refuses %s", (input) => {
    expect(safeCallbackPath(input)).toBe("/");
  });
});
