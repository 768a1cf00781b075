import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The lint refuses an import cycle (eslint.config.mjs, `import/no-cycle`): two modules of the console that
 * import each other, written for the test beside the real ones, are each reported; the same two without
 * the cycle are not.
 */
const root = path.resolve(__dirname, "..");
const dir = path.join(root, "testing", `cycle-probe-${process.pid}`);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cycleMessages(files: Record<string, string>): Promise<string[]> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const results = await new ESLint({ cwd: root }).lintFiles(Object.keys(files).map((name) => path.join(dir, name)));
  return results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === "import/no-cycle").map(() => path.basename(r.filePath)),
  );
}

describe("import cycles", () => {
  it("are refused, in every module of the cycle", async () => {
    const found = await cycleMessages({
      "a.ts": 'import { b } from "./b";\n\nexport const a = (): number => b() + 1;\n',
      "b.ts": 'import { a } from "./a";\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n',
    });
    expect(found.sort()).toEqual(["a.ts", "b.ts"]);
  }, 60_000);

  it("and only cycles: one module importing another is fine", async () => {
    const found = await cycleMessages({
      "a.ts": 'import { b } from "./b";\n\nexport const a = (): number => b() + 1;\n',
      "b.ts": "export const b = (): number => 1;\n",
    });
    expect(found).toEqual([]);
  }, 60_000);
});
