import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/** The fence around server/: checked through the project's real ESLint configuration. */
// The fences are checked on text linted as if it were at a path that does not exist: import/no-cycle,
// which reads the imported files from disk, has nothing to read there (scripts/no-cycle.test.ts covers it).
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function fenceErrors(filePath: string, code: string, rule = "console/server-fence") {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule);
}

describe("server/ fence", () => {
  it("forbids server/ in components/ and lib/", async () => {
    expect(
      await fenceErrors("components/x/leak.tsx", 'import { getEnv } from "@/server/env";\nexport const x = getEnv;\n'),
    ).toHaveLength(1);
    expect(await fenceErrors("lib/leak.ts", 'export { getDb } from "../server/db";\n')).toHaveLength(1);
  });

  it("forbids server/ in any client component, wherever it lives", async () => {
    expect(
      await fenceErrors(
        "app/audit/leak.tsx",
        '"use client";\nimport { logger } from "@/server/log";\nexport const x = logger;\n',
      ),
    ).toHaveLength(1);
  });

  it('allows a client component to import a "use server" action file', async () => {
    expect(
      await fenceErrors(
        "components/x/ok.tsx",
        '"use client";\nimport { createUser } from "@/server/actions/users";\nexport const x = createUser;\n',
      ),
    ).toHaveLength(0);
  });

  it('does not allow the action kit itself, which is not a "use server" file', async () => {
    expect(
      await fenceErrors(
        "components/x/leak.tsx",
        '"use client";\nimport { defineAction } from "@/server/kit/define-action";\nexport const x = defineAction;\n',
      ),
    ).toHaveLength(1);
  });

  it("lets server components and route handlers import server/", async () => {
    expect(
      await fenceErrors("app/audit/page.tsx", 'import { getDb } from "@/server/db";\nexport const x = getDb;\n'),
    ).toHaveLength(0);
  });
});

describe("testing/ fence", () => {
  const testFence = (filePath: string, code: string) => fenceErrors(filePath, code, "console/test-fence");
  const importsHarness =
    'import { startYieldHarness } from "@/testing/yield/console";\nexport const x = startYieldHarness;\n';
  const importsSandbox = 'import { startSandbox } from "../../sandbox/start";\nexport const x = startSandbox;\n';

  it("forbids testing/ in production modules of every layer", async () => {
    for (const file of [
      "server/yield/leak.ts",
      "lib/leak.ts",
      "components/x/leak.tsx",
      "app/x/page.tsx",
      "sandbox/leak.ts",
    ])
      expect(await testFence(file, importsHarness), file).toHaveLength(1);
  });

  it("lets tests, testing/, e2e/ and bench/ import testing/", async () => {
    for (const file of ["server/yield/x.test.ts", "testing/yield/other.ts", "e2e/yield/x.spec.ts", "bench/x.bench.ts"])
      expect(await testFence(file, importsHarness), file).toHaveLength(0);
  });

  it("keeps the sandbox out of server/ except for tests and testing/", async () => {
    expect(await testFence("server/yield/leak.ts", importsSandbox)).toHaveLength(1);
    expect(await testFence("server/yield/x.test.ts", importsSandbox)).toHaveLength(0);
    expect(
      await testFence(
        "testing/yield/x.ts",
        'import { startSandbox } from "@/sandbox/start";\nexport const x = startSandbox;\n',
      ),
    ).toHaveLength(0);
  });
});
