import { describe, expect, it } from "vitest";
import {
  currentCursor,
  firstRowIndex,
  parseCursorStack,
  popCursor,
  pushCursor,
  serializeCursorStack,
} from "./cursor-stack";

describe("cursor stack", () => {
  it("round-trips through the URL", () => {
    const stack = pushCursor(pushCursor([], "c1abc"), "c2def");
    expect(serializeCursorStack(stack)).toBe("c1abc.c2def");
    expect(parseCursorStack("c1abc.c2def")).toEqual(["c1abc", "c2def"]);
    expect(currentCursor(stack)).toBe("c2def");
  });

  it("goes back one page at a time to the first page", () => {
    const stack = ["a", "b"];
    expect(popCursor(stack)).toEqual(["a"]);
    expect(popCursor(["a"])).toEqual([]);
    expect(serializeCursorStack([])).toBeNull();
    expect(currentCursor([])).toBeUndefined();
  });

  it("numbers rows across pages", () => {
    expect(firstRowIndex([], 25)).toBe(1);
    expect(firstRowIndex(["a", "b"], 25)).toBe(51);
  });

  it("ignores hand-edited junk instead of failing", () => {
    expect(parseCursorStack("..a...b.")).toEqual(["a", "b"]);
    expect(parseCursorStack(null)).toEqual([]);
    expect(parseCursorStack("x".repeat(300))).toEqual([]);
  });
});
