import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Server-only code holds the custodian key and every secret; nothing that can end up in the browser may import it.
const serverFence = {
  patterns: [
    {
      group: ["@/server", "@/server/*", "**/server/*", "../server", "../server/*"],
      message: "server/ is server-only. Client code and lib/ reach it through a server action or an app/api route handler.",
    },
  ],
};

const serverPath = /(^|\/)server(\/|$)|^@\/server/;

// Any file that starts with "use client" (wherever it lives) may not import server/ either.
const consolePlugin = {
  rules: {
    "no-server-in-client": {
      meta: { type: "problem", messages: { fenced: "A client component may not import server/ ('{{source}}'): call a server action or an app/api route instead." } },
      create(context) {
        let isClient = false;
        const check = (node, source) => {
          if (isClient && typeof source === "string" && serverPath.test(source)) context.report({ node, messageId: "fenced", data: { source } });
        };
        return {
          Program(program) {
            isClient = program.body.some((s) => s.type === "ExpressionStatement" && s.directive === "use client");
          },
          ImportDeclaration(node) { check(node, node.source.value); },
          ImportExpression(node) { if (node.source.type === "Literal") check(node, node.source.value); },
          ExportAllDeclaration(node) { check(node, node.source.value); },
          ExportNamedDeclaration(node) { if (node.source) check(node, node.source.value); },
        };
      },
    },
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "bench/.out/**", "sandbox/contracts/build/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { plugins: { console: consolePlugin }, rules: { "console/no-server-in-client": "error" } },
  { files: ["components/**", "lib/**", "sandbox/**"], rules: { "no-restricted-imports": ["error", serverFence] } },
];

export default config;
