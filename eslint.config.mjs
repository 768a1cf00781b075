import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

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

const consolePlugin = {
  rules: {
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
  { plugins: { console: consolePlugin }, rules: { "console/server-fence": "error" } },
  { files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**"], rules: { "@typescript-eslint/no-non-null-assertion": "off" } },
  // The console does not use the React Compiler; TanStack Table's hook is fine as it is.
  { rules: { "react-hooks/incompatible-library": "off" } },
];

export default config;
