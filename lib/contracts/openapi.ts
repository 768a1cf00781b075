/**
 * An OpenAPI 3.1 document generated from the endpoint registry (the sandbox serves it at
 * GET /openapi.json). Request schemas are rendered as their input (what a caller sends), response
 * schemas as their output (what a caller reads), so both are JSON Schema 2020-12, which 3.1 uses.
 */
import { z } from "zod";
import { endpointHost, endpointList, pathPlaceholders, withYieldProvider, type Endpoint } from "./endpoints";
import { adminErrorBodySchema, anyMpcErrorBodySchema, mpcUnauthorizedBodySchema } from "./errors";
import { YIELD_PROVIDER_PLACEHOLDER } from "./yield";

type JsonSchema = Record<string, unknown>;

export interface OpenApiOptions {
  /** {base_url}; omitted, the document has relative paths only. */
  baseUrl?: string;
  /** {mpc_url}, set as the server of the MPC paths. */
  mpcUrl?: string;
  /** The yield provider path segment (YIELD_PROVIDER_SEGMENT). */
  yieldProviderSegment?: string;
  title?: string;
  version?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers?: { url: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { securitySchemes: Record<string, unknown> };
}

function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function objectProperties(schema: z.ZodObject, io: "input" | "output") {
  const json = toJsonSchema(schema, io);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, propertySchema]) => ({
    name,
    schema: propertySchema,
    required: required.has(name),
  }));
}

function parametersOf(e: Endpoint) {
  const parameters: Record<string, unknown>[] = [];
  if (e.params) {
    const byName = new Map(objectProperties(e.params, "input").map((p) => [p.name, p]));
    for (const name of pathPlaceholders(e.path))
      parameters.push({ name, in: "path", required: true, schema: byName.get(name)?.schema ?? { type: "string" } });
  }
  if (e.query) {
    for (const p of objectProperties(e.query, "input")) {
      const { description, ...schema } = p.schema;
      const wire = wireQuerySchema(schema);
      const text = description ?? wire.description;
      delete wire.description;
      parameters.push({
        name: p.name,
        in: "query",
        required: p.required,
        ...(text ? { description: text } : {}),
        schema: wire,
      });
    }
  }
  return parameters;
}

/**
 * Query values are strings on the wire. A query schema accepts the typed value too (a number, a
 * string[]), so its JSON Schema is an anyOf; the document shows the branch a URL actually carries.
 */
function wireQuerySchema(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf as JsonSchema[] | undefined;
  if (!Array.isArray(branches)) return schema;
  const typed = branches.find((b) => ["integer", "number", "boolean"].includes(String(b.type)));
  const text = branches.find((b) => b.type === "string");
  return typed ?? (text ? { ...text, description: "Comma-delimited list" } : schema);
}

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

function responsesOf(e: Endpoint) {
  const success =
    e.status === 204
      ? { description: "No content" }
      : { description: "Success", content: json(toJsonSchema(e.response, "output")) };
  const badRequest = e.area === "mpc" ? anyMpcErrorBodySchema : adminErrorBodySchema;
  const unauthorized = e.area === "mpc" ? mpcUnauthorizedBodySchema : adminErrorBodySchema;
  return {
    [String(e.status)]: success,
    "400": { description: "Bad request", content: json(toJsonSchema(badRequest, "output")) },
    "401": { description: "Missing or wrong credentials", content: json(toJsonSchema(unauthorized, "output")) },
  };
}

function operationOf(e: Endpoint, mpcServer: { url: string; description: string }[] | undefined) {
  const parameters = parametersOf(e);
  return {
    operationId: e.id,
    summary: e.summary,
    tags: [e.area],
    ...(e.deprecated ? { deprecated: true } : {}),
    security: [{ [e.auth === "custodian" ? "custodianApiKey" : "clientCredential"]: [] }],
    ...(endpointHost(e) === "mpc" && mpcServer ? { servers: mpcServer } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(e.body ? { requestBody: { required: true, content: json(toJsonSchema(e.body, "input")) } } : {}),
    responses: responsesOf(e),
  };
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const segment = options.yieldProviderSegment ?? YIELD_PROVIDER_PLACEHOLDER;
  const mpcServer = options.mpcUrl
    ? [{ url: options.mpcUrl, description: "MPC signing service ({mpc_url})" }]
    : undefined;
  const paths: OpenApiDocument["paths"] = {};
  for (const e of endpointList) {
    const path = e.area === "yield" ? withYieldProvider(e.path, segment) : e.path;
    (paths[path] ??= {})[e.method.toLowerCase()] = operationOf(e, mpcServer);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: options.title ?? "Wallet Infrastructure API",
      version: options.version ?? "3",
      description:
        "Custodian administration and yield operations on {base_url}; the MPC signing service (tag mpc) on {mpc_url}. " +
        "Path parameters holding a CAIP-2 id must be URI-encoded (':' as %3A).",
    },
    ...(options.baseUrl
      ? { servers: [{ url: options.baseUrl, description: "Administration and yield ({base_url})" }] }
      : {}),
    paths,
    components: {
      securitySchemes: {
        custodianApiKey: { type: "http", scheme: "bearer", description: "Custodian API key" },
        clientCredential: { type: "http", scheme: "bearer", description: "Client API key or client session token" },
      },
    },
  };
}
