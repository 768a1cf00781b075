import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { configDoc, docPath, documentedNames, root } from "./config-doc";

/** Where the console and the sandbox read their environment (tests and test support aside). */
const READERS = [
  "server",
  "lib",
  "sandbox",
  "instrumentation.ts",
  "scripts/launch.ts",
  "scripts/serve.mjs",
  "scripts/start.mjs",
  "scripts/sandbox.mjs",
  "scripts/workers.mjs",
];

/** Read, but not configuration: Next.js sets it for the code it runs. */
const NOT_CONFIGURATION = new Set(["NEXT_RUNTIME"]);

function sources(entry: string): string[] {
  const full = path.join(root, entry);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) =>
    name === "node_modules" || name === "build" ? [] : sources(path.join(entry, name)),
  );
}

function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of READERS.flatMap(sources)) {
    if (!/\.(ts|tsx|mjs)$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]{2,})\b|\[["']([A-Z][A-Z0-9_]{2,})["']\])/g))
      names.add((m[1] ?? m[2])!);
  }
  return names;
}

describe("docs/configuration.md", () => {
  it("is what `npm run docs:config` writes from the schema now", async () => {
    const written = readFileSync(docPath, "utf8");
    // On a difference: run `npm run docs:config` and commit the file.
    expect(written).toBe(await configDoc());
  });

  it("documents every variable the console and the sandbox read", () => {
    const documented = new Set(documentedNames());
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(40);
    expect([...read].filter((name) => !documented.has(name) && !NOT_CONFIGURATION.has(name)).sort()).toEqual([]);
  });
});
