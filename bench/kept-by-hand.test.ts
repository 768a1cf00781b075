import { describe, expect, it } from "vitest";
import { keptByHand } from "./kept-by-hand";

describe("the report's hand-kept section", () => {
  const report = [
    "# Benchmark report",
    "",
    "## Load",
    "",
    "`bench/load.bench.ts`",
    "",
    "## Kept by hand",
    "",
    "### CPU (2026-11-28)",
    "",
    "A figure: `bench/load.bench.ts` named in passing.",
    "",
    "## Every figure",
    "",
    "| a | b |",
  ].join("\n");

  it("is taken whole, subsections included, up to the next section", () => {
    expect(keptByHand(report)).toBe(
      "## Kept by hand\n\n### CPU (2026-11-28)\n\nA figure: `bench/load.bench.ts` named in passing.\n",
    );
  });

  it("is nothing in a report without one", () => {
    expect(keptByHand("# Benchmark report\n\n## Load\n")).toBe("");
  });

  it("runs to the end of a report where it comes last", () => {
    expect(keptByHand("# R\n\n## Kept by hand\n\nkept\n")).toBe("## Kept by hand\n\nkept\n");
  });
});
