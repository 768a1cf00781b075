import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * server/ holds the custodian key and every secret. Nothing that can end up in the browser (lib/,
 * components/, sandbox/, any "use client" file) may import it, with one exception: a server-action
 * file that starts with "use server", which Next turns into references, never code.
 */
// The console's own server/ folder, by alias or by relative path (not packages such as nuqs/server).
const serverPath = /^@\/server(\/|$)|^\.{1,2}\/(.*\/)?server(\/|$)/;
const root = path.dirname(new URL(import.meta.url).pathname);

function isServerActionModule(source, fromFile) {
  const base = source.startsWith("@/")
    ? path.join(root, source.slice(2))
    : path.resolve(path.dirname(fromFile), source);
  for (const file of [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(file))
      return /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use server["']/.test(readFileSync(file, "utf8"));
  }
  return false;
}

/** Where a module imports from, as a path from the root (null for packages). */
function importedPath(source, fromFile) {
  if (source.startsWith("@/")) return source.slice(2);
  if (source.startsWith(".")) return path.relative(root, path.resolve(path.dirname(fromFile), source));
  return null;
}

/** Tests and what only tests use: the test files, testing/, e2e/, bench/ and the test tools' configuration. */
const isTestModule = (rel) =>
  /\.test\.tsx?$/.test(rel) ||
  /^(testing|e2e|bench)\//.test(rel) ||
  /^scripts\/canaries\//.test(rel) ||
  /^(playwright|vitest)\.config\.ts$/.test(rel);

/**
 * testing/ holds what tests share (fixtures, harnesses, hostile inputs): no production module imports it.
 * The sandbox is another process: the console's server/ reaches it only from tests and testing/.
 */
function testFence(context) {
  const file = context.filename;
  const rel = path.relative(root, file);
  if (isTestModule(rel)) return {};
  const check = (node, source) => {
    if (typeof source !== "string") return;
    const target = importedPath(source, file);
    if (target === null) return;
    if (/^testing(\/|$)/.test(target)) context.report({ node, messageId: "testing", data: { source } });
    else if (rel.startsWith("server/") && /^sandbox(\/|$)/.test(target))
      context.report({ node, messageId: "sandbox", data: { source } });
  };
  return {
    ImportDeclaration: (node) => check(node, node.source.value),
    ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    ExportAllDeclaration: (node) => check(node, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
  };
}

const consolePlugin = {
  rules: {
    "test-fence": {
      meta: {
        type: "problem",
        messages: {
          testing: "'{{source}}' is test support: only tests, testing/, e2e/ and bench/ may import it.",
          sandbox: "'{{source}}' is the sandbox, another process: server/ reaches it only from tests and testing/.",
        },
      },
      create: testFence,
    },
    "server-fence": {
      meta: {
        type: "problem",
        messages: {
          fenced:
            "'{{source}}' is server-only: client code, lib/ and the sandbox may import only \"use server\" action files from server/ (call an action or an app/api route).",
        },
      },
      create(context) {
        const file = context.filename;
        const rel = path.relative(root, file);
        const fencedByFolder = /^(components|lib|sandbox)\//.test(rel);
        let fenced = fencedByFolder;
        const check = (node, source) => {
          if (!fenced || typeof source !== "string" || !serverPath.test(source)) return;
          if (!rel.startsWith("sandbox/") && isServerActionModule(source, file)) return;
          context.report({ node, messageId: "fenced", data: { source } });
        };
        return {
          Program(program) {
            fenced =
              fencedByFolder ||
              program.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
          },
          ImportDeclaration(node) {
            check(node, node.source.value);
          },
          ImportExpression(node) {
            if (node.source.type === "Literal") check(node, node.source.value);
          },
          ExportAllDeclaration(node) {
            check(node, node.source.value);
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node, node.source.value);
          },
        };
      },
    },
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "bench/floor-app/.next/**",
      "node_modules/**",
      ".data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "bench/.out/**",
      "sandbox/contracts/build/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // Imports in one order everywhere: node's own, packages, the console's (@/), then relative ones;
  // alphabetical inside each group. `eslint --fix` applies it.
  {
    settings: { "import/internal-regex": "^@/" },
    rules: {
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          "newlines-between": "never",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },
  // No import cycle anywhere (scripts/no-cycle.test.ts proves the rule refuses one). Packages are not walked:
  // a cycle inside one is not the console's.
  {
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  { plugins: { console: consolePlugin }, rules: { "console/server-fence": "error", "console/test-fence": "error" } },
  { files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**"], rules: { "@typescript-eslint/no-non-null-assertion": "off" } },
  // The console does not use the React Compiler; TanStack Table's hook is fine as it is.
  { rules: { "react-hooks/incompatible-library": "off" } },
];

export default config;
