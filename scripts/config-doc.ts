/**
 * `npm run docs:config`: writes docs/configuration.md from the configuration schemas
 * (lib/shared/config.ts): every variable's name, default, what it does (`.describe()`) and what the
 * parser accepts (`validation` metadata, lib/shared/config-fields.ts). The few variables read outside
 * those schemas, by the plain-JavaScript serving process or the OpenTelemetry SDK, are listed below.
 * scripts/config-doc.test.ts fails when the file differs from what this writes now.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { consoleEnvSchema, sandboxEnvSchema } from "../lib/shared/config";

export const root = path.resolve(import.meta.dirname, "..");
export const docPath = path.join(root, "docs", "configuration.md");

interface Variable {
  name: string;
  description: string;
  unset: string;
  validation: string;
  note?: string;
}

/**
 * Read outside the zod schemas: `scripts/serve.mjs` and `scripts/workers.mjs` run under plain Node
 * before any TypeScript loads, and the OpenTelemetry SDK reads its own standard variables.
 */
const OUTSIDE: readonly Variable[] = [
  {
    name: "CONSOLE_WORKERS",
    description:
      "Console processes `npm start` (and `node scripts/serve.mjs`) runs on one port through Node's cluster module, each a full instance sharing one upstream budget. Ignored (1) without `DATABASE_URL`: one process opens PGlite's files.",
    unset: "the core count with `DATABASE_URL`, 1 with PGlite",
    validation: "a whole number from 1 to 64 (`scripts/workers.mjs`)",
  },
  {
    name: "CONSOLE_HOST",
    description: "The address the serving process (`scripts/serve.mjs`) listens on.",
    unset: "`0.0.0.0`",
    validation: "a host name or address",
  },
  {
    name: "OTEL_EXPORTER_OTLP_ENDPOINT",
    description:
      "Turns on OpenTelemetry traces, exported over OTLP/HTTP to this endpoint (`server/ops/tracing.ts`); the exporter reads the other standard `OTEL_EXPORTER_OTLP_*` variables too.",
    unset: "traces off",
    validation: "a URL, read by the OpenTelemetry exporter",
  },
  {
    name: "OTEL_SERVICE_NAME",
    description: "The service name on the console's traces.",
    unset: "`custodian-console`",
    validation: "any text",
  },
  {
    name: "OTEL_SDK_DISABLED",
    description: "`true` keeps tracing off even with an endpoint set.",
    unset: "tracing follows `OTEL_EXPORTER_OTLP_ENDPOINT`",
    validation: "`true` or anything else",
  },
];

/** Set by the console or its test harness, documented so nobody sets them by surprise. */
const SET_FOR_YOU: readonly Variable[] = [
  {
    name: "CONSOLE_WORKER_COUNT",
    description:
      "Set by the primary process for each worker it starts: how many console processes share the upstream budget.",
    unset: "1",
    validation: "set by `scripts/workers.mjs`",
  },
  {
    name: "AUTH_TRUST_HOST",
    description:
      "Set to `true` by the console unless given: next-auth then derives its URL from `NEXTAUTH_URL` or the request's host.",
    unset: "`true`",
    validation: "read by next-auth",
  },
  {
    name: "SANDBOX_SECRETS_LOG",
    description:
      "Test runs only: a file the sandbox appends every secret it hands out to, for the secret scan (`scripts/secret-scan.mjs`). Never set it outside tests.",
    unset: "nothing is written",
    validation: "a path",
  },
];

/** Every variable of `schema`, in the schema's order, as the page shows it. */
function fromSchema(schema: z.ZodObject, skip: ReadonlySet<string> = new Set()): Variable[] {
  return Object.entries(schema.shape)
    .filter(([name]) => !skip.has(name))
    .map(([name, field]) => {
      const meta = z.globalRegistry.get(field as z.ZodType) ?? {};
      if (!meta.description) throw new Error(`${name} has no description: add .describe() in lib/shared/config.ts`);
      if (!meta.validation) throw new Error(`${name} says nothing of what it accepts: add .meta({ validation })`);
      return {
        name,
        description: meta.description,
        unset: meta.unset ?? defaultOf(name, field),
        validation: meta.validation,
      };
    });
}

/** The value the schema fills in for an unset variable, as the page shows it. */
function defaultOf(name: string, field: unknown): string {
  const parsed = (field as z.ZodType).safeParse(undefined);
  if (!parsed.success) throw new Error(`${name} has no default and no \`unset\` metadata`);
  const value: unknown = parsed.data;
  if (value === undefined) return "unset";
  if (typeof value === "boolean") return value ? "`on`" : "`off`";
  return `\`${String(value)}\``;
}

function section(variables: readonly Variable[]): string {
  return variables
    .map((v) =>
      [
        `### \`${v.name}\``,
        "",
        v.description,
        "",
        `- Default: ${v.unset}`,
        `- Accepts: ${v.validation}`,
        ...(v.note ? [`- ${v.note}`] : []),
        "",
      ].join("\n"),
    )
    .join("\n");
}

/** The whole page, formatted as `npm run lint` expects. */
export async function configDoc(): Promise<string> {
  const consoleVars = fromSchema(consoleEnvSchema).map((v) =>
    v.name in sandboxEnvSchema.shape ? { ...v, note: "Read by the sandbox too." } : v,
  );
  const sandboxOnly = fromSchema(sandboxEnvSchema, new Set(Object.keys(consoleEnvSchema.shape)));
  const page = `# Configuration

<!-- Generated by \`npm run docs:config\` (scripts/config-doc.ts) from lib/shared/config.ts: edit the schema, not this file. -->

For whoever deploys or runs the console. Every variable below is read from the environment at start-up.
Those of the console and the sandbox are parsed with zod (\`lib/shared/config.ts\`, through \`server/env.ts\`
and \`sandbox/env.ts\`); a bad value stops the start with a message naming the variable and what it expects.
An empty value counts as unset. No secret is a \`NEXT_PUBLIC_\` variable. How to run several instances,
and which variables they must share: [operating.md](operating.md#several-instances-behind-a-load-balancer).

## The console

${section(consoleVars)}
## The sandbox

Read by \`npm run sandbox\` (and by \`npm start\` when it starts the sandbox); the variables above marked
"Read by the sandbox too" apply to it as well. Timings the tests shorten (webhook delivery timeout 10 s,
slow receiver 15 s, "timeout" fault 30 s) are code options of \`createSandbox\` (\`sandbox/env.ts\`), not
variables.

${section(sandboxOnly)}
## Read outside the schemas

Read by the serving process before any TypeScript loads, or by the OpenTelemetry SDK.

${section(OUTSIDE)}
## Set for you

${section(SET_FOR_YOU)}`;
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  return prettier.format(page, { ...options, parser: "markdown" });
}

/** Every variable the page documents, for the test that holds it to what the code reads. */
export function documentedNames(): string[] {
  return [
    ...Object.keys(consoleEnvSchema.shape),
    ...Object.keys(sandboxEnvSchema.shape),
    ...OUTSIDE.map((v) => v.name),
    ...SET_FOR_YOU.map((v) => v.name),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(docPath, await configDoc());
  process.stdout.write(`Wrote ${path.relative(root, docPath)}\n`);
}
