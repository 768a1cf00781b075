import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { urlBreaks } from "./url-breaks";

describe("urlBreaks", () => {
  it("breaks only after separators", () => {
    expect(urlBreaks("https://hooks.example.com/alerts/in?x=1")).toEqual([
      "https://",
      "hooks.",
      "example.",
      "com/",
      "alerts/",
      "in?",
      "x=",
      "1",
    ]);
  });

  it("gives back the URL unchanged when joined, and no piece holds a separator before its end", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        const pieces = urlBreaks(url);
        expect(pieces.join("")).toBe(url);
        for (const piece of pieces) expect(piece.replace(/[/.?&=#\-_:]+$/, "")).not.toMatch(/[/.?&=#\-_:]/);
      }),
    );
  });
});
