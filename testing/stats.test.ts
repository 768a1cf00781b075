import { describe, expect, it } from "vitest";
import { median } from "./stats";

describe("median", () => {
  it("is the middle value of an odd count, whatever the order", () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([7])).toBe(7);
  });

  it("is the mean of the two middle values of an even count", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it("is NaN for no values, and leaves its input as it was", () => {
    expect(median([])).toBeNaN();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
