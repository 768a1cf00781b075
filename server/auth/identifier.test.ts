import { describe, expect, it } from "vitest";
import { recordedIdentifier } from "./identifier";

describe("the identifier a sign-in record names", () => {
  it("is the e-mail address when it is a well-formed one", () => {
    expect(recordedIdentifier("  Ada@Example.com ")).toBe("ada@example.com");
  });

  it("is only a description of anything else, never the text", () => {
    expect(recordedIdentifier("hunter2-password")).toBe("not an e-mail address, 16 characters");
    expect(recordedIdentifier("  ada@example ")).toBe("not an e-mail address, 11 characters");
    expect(recordedIdentifier("p@ss word@x.io")).toBe("not an e-mail address, 14 characters");
    expect(recordedIdentifier("👩‍💻")).toBe("not an e-mail address, 3 characters");
    expect(recordedIdentifier("x")).toBe("not an e-mail address, 1 character");
  });
});
