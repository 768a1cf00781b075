import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./safe-redirect";

const ORIGIN = "https://console.example.com";

/** Where a browser would go if it followed `path` from a page of the console. */
const landsOn = (path: string) => new URL(path, `${ORIGIN}/clients/x`);

// Published open-redirect bypasses (PortSwigger, OWASP cheat sheets, real CVEs in sign-in flows).
const KNOWN_BYPASSES = [
  "https://evil.example",
  "//evil.example/x",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r/evil.example",
  "/ /evil.example",
  "/%09/evil.example",
  "/%2F/evil.example",
  "/%5C/evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "https:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "/\u0000/evil.example",
  "\u0000//evil.example",
  " //evil.example",
  "/%0d%0a//evil.example",
  "/\u3002/evil.example",
  "/@evil.example",
  "//evil.example@console.example.com",
  "/signin?callbackUrl=//evil.example",
  "/api/users",
];

describe("post-sign-in redirect", () => {
  it.each([
    ["/audit?outcome=error", "/audit?outcome=error"],
    ["/clients/c1", "/clients/c1"],
    ["/clients?take=25&cursors=a.b#top", "/clients?take=25&cursors=a.b#top"],
    ["/clients/../audit", "/audit"],
  ])("keeps same-origin path %s", (input, out) => {
    expect(safeCallbackPath(input, "/", ORIGIN)).toBe(out);
  });

  it.each(KNOWN_BYPASSES)("never leaves the console for %j", (input) => {
    const result = safeCallbackPath(input, "/", ORIGIN);
    expect(landsOn(result).origin).toBe(ORIGIN);
    expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
  });

  it.each(["//evil.example/x", "/\t/evil.example", "/\\evil.example", "javascript:alert(1)", undefined, 42, ""])(
    "falls back for %j",
    (input) => {
      expect(safeCallbackPath(input, "/", ORIGIN)).toBe("/");
    },
  );

  it("for any string, what it returns stays on the console's origin", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "//",
      "\t",
      "\n",
      "\r",
      " ",
      "%2f",
      "%5c",
      ".",
      "..",
      "@",
      ":",
      "evil.example",
      "?",
      "#",
      "\u0000",
      "https:",
      "a",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(piece, { maxLength: 8 }).map((a) => a.join("")),
        ),
        (input) => {
          const result = safeCallbackPath(input, "/", ORIGIN);
          expect(landsOn(result).origin).toBe(ORIGIN);
          expect(result.startsWith("/") && !result.startsWith("//") && !result.includes("\\")).toBe(true);
        },
      ),
      { numRuns: 5000 },
    );
  });
});
