import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The code map of docs/architecture.md (the fenced block under "## Code map") names every top-level
 * folder of server/, lib/ and components/ as `name/`, so a newcomer finds the room a change belongs in
 * and a new folder cannot appear without a line that says what it holds.
 */
const root = path.resolve(import.meta.dirname, "..");

function codeMap(): string {
  const doc = readFileSync(path.join(root, "docs", "architecture.md"), "utf8");
  const section = doc.split(/^## Code map$/m)[1]?.split(/^## /m)[0] ?? "";
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error("docs/architecture.md: no code block under ## Code map");
  return block[1];
}

const folders = (layer: string) =>
  readdirSync(path.join(root, layer), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("the code map of docs/architecture.md", () => {
  const map = codeMap();
  const named = new Set([...map.matchAll(/(?:^|\s)([a-z][a-z-]*)\/(?=\s|$)/gm)].map((m) => m[1] ?? ""));

  it.each(["server", "lib", "components"])("names every top-level folder of %s/", (layer) => {
    const listed = folders(layer);
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter((name) => !named.has(name))).toEqual([]);
  });

  it("names no folder that is not there", () => {
    const real = new Set(["server", "lib", "components", "app", "sandbox", "testing", "scripts", "e2e", "bench"]);
    for (const layer of ["server", "lib", "components", "app"])
      for (const name of folders(layer)) {
        real.add(name);
        for (const inner of folders(path.join(layer, name))) real.add(inner);
      }
    expect([...named].filter((name) => !real.has(name))).toEqual([]);
  });
});
