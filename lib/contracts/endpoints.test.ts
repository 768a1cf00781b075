import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  buildOpenApiDocument,
  endpointHost,
  endpointList,
  endpoints,
  pathPlaceholders,
  withYieldProvider,
} from "./index";

/** Method and path of every endpoint, as the spec's tables give them. */
const SPEC = [
  "POST /api/v3/custodians/me/clients",
  "POST /api/v3/custodians/me/clients/{clientId}/sessions",
  "GET /api/v1/custodians/clients/{clientId}/web-otp",
  "GET /api/v3/custodians/me/clients/{clientId}",
  "GET /api/v3/custodians/me/clients",
  "GET /api/v3/custodians/me/clients/{clientId}/chains/{chain}/assets",
  "POST /api/v3/custodians/me/clients/{clientId}/chains/{chain}/assets/send/build-transaction",
  "PATCH /api/v3/custodians/me/clients/{clientId}/enable-eject",
  "GET /api/v3/custodians/me/clients/{clientId}/wallets/{walletId}/ejectable-backup-shares",
  "GET /api/v3/custodians/me/alerts/webhooks",
  "GET /api/v3/custodians/me/alerts/webhooks/{alertWebhookId}/events",
  "POST /api/v3/custodians/me/alerts/webhooks/{alertWebhookId}/events/failed/replay",
  "GET /api/v3/custodians/me/gas-sponsors/chains/{chainId}/usage",
  "POST /api/v3/custodians/me/alerts/wallets/format",
  "POST /api/v3/custodians/me/alerts/format",
  "POST /api/v3/custodians/me/alerts/retry-by-block-number",
  "POST /v1/generate",
  "POST /v1/assets/send",
  "POST /v1/sign",
  "POST /v1/raw/sign/{curve}",
  "POST /v1/backup",
  "POST /v1/recover",
  "GET /api/v3/clients/me/integrations/yield-provider/yields",
  "POST /api/v3/clients/me/integrations/yield-provider/actions/enter",
  "POST /api/v3/clients/me/integrations/yield-provider/actions/exit",
  "POST /api/v3/clients/me/integrations/yield-provider/actions/manage",
  "POST /api/v3/clients/me/integrations/yield-provider/yields/balances",
  "GET /api/v3/clients/me/integrations/yield-provider/actions",
  "PUT /api/v3/clients/me/integrations/yield-provider/transactions/{transactionId}/submit-hash",
];

describe("endpoint registry", () => {
  it("has every endpoint of the spec, once", () => {
    expect(endpointList.map((e) => `${e.method} ${e.path}`).sort()).toEqual([...SPEC].sort());
  });

  it("counts 13 + 3 administration, 6 MPC and 7 yield endpoints", () => {
    const byArea = (area: string) => endpointList.filter((e) => e.area === area);
    expect(byArea("admin").filter((e) => !e.deprecated)).toHaveLength(13);
    expect(
      byArea("admin")
        .filter((e) => e.deprecated)
        .map((e) => e.id),
    ).toEqual(["formatWalletAlert", "formatAlerts", "retryAlertsByBlockNumber"]);
    expect(byArea("mpc")).toHaveLength(6);
    expect(byArea("yield")).toHaveLength(7);
  });

  it("keys each entry by its id", () => {
    for (const [key, e] of Object.entries(endpoints)) expect(e.id).toBe(key);
  });

  it("declares a params schema exactly for the path's placeholders", () => {
    for (const e of endpointList) {
      const keys = e.params ? Object.keys(e.params.shape).sort() : [];
      expect(keys, e.id).toEqual(pathPlaceholders(e.path).sort());
    }
  });

  it("uses the custodian key for administration and client credentials for MPC and yield", () => {
    for (const e of endpointList) expect(e.auth, e.id).toBe(e.area === "admin" ? "custodian" : "client");
    expect(endpointHost(endpoints.mpcSign)).toBe("mpc");
    expect(endpointHost(endpoints.listYields)).toBe("base");
  });

  it("answers 204 only for retry-by-block-number", () => {
    expect(endpointList.filter((e) => e.status === 204).map((e) => e.id)).toEqual(["retryAlertsByBlockNumber"]);
  });

  it("substitutes the yield provider segment", () => {
    expect(withYieldProvider(endpoints.enterYield.path, "yield-xyz")).toBe(
      "/api/v3/clients/me/integrations/yield-xyz/actions/enter",
    );
  });
});

/** Paths of object schemas inside `schema` that would strip unknown keys. */
function strippingObjects(schema: z.ZodType, at = "", seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, where: string) => strippingObjects(child as z.ZodType, where, seen);
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, unknown>;
      const own = def.catchall === undefined ? [at || "(root)"] : [];
      return [...own, ...Object.entries(shape).flatMap(([k, v]) => walk(v, `${at}.${k}`))];
    }
    case "array":
      return walk(def.element, `${at}[]`);
    case "optional":
    case "nullable":
    case "default":
      return walk(def.innerType, at);
    case "union":
      return (def.options as unknown[]).flatMap((o) => walk(o, at));
    case "pipe":
      return [...walk(def.in, at), ...walk(def.out, at)];
    case "record":
      return walk(def.valueType, `${at}{}`);
    default:
      return [];
  }
}

describe("response schemas", () => {
  it("(the check finds stripping objects)", () => {
    const sample = z.object({ a: z.looseObject({ b: z.array(z.object({})).optional() }) });
    expect(strippingObjects(sample)).toEqual(["(root)", ".a.b[]"]);
  });

  it("keep unknown keys in every object they contain", () => {
    for (const e of endpointList) expect(strippingObjects(e.response), e.id).toEqual([]);
  });
});

describe("OpenAPI document", () => {
  const doc = buildOpenApiDocument({ baseUrl: "http://127.0.0.1:4010", mpcUrl: "http://127.0.0.1:4011" });

  it("is OpenAPI 3.1 and serialisable", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(() => JSON.parse(JSON.stringify(doc))).not.toThrow();
  });

  it("has every path and method", () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual([...SPEC].sort());
  });

  it("describes parameters, bodies, statuses, credentials and deprecation", () => {
    const events = doc.paths["/api/v3/custodians/me/alerts/webhooks/{alertWebhookId}/events"]?.get as Record<
      string,
      unknown
    >;
    const params = events.parameters as {
      name: string;
      in: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    expect(params.map((p) => `${p.in}:${p.name}`)).toEqual([
      "path:alertWebhookId",
      "query:eventTypes",
      "query:deliveryStatuses",
      "query:since",
      "query:until",
      "query:cursor",
      "query:limit",
      "query:transactionHash",
      "query:blockNumbers",
      "query:chainIds",
    ]);
    expect(params.find((p) => p.name === "eventTypes")?.required).toBe(true);
    expect(params.find((p) => p.name === "limit")?.schema).toMatchObject({ type: "integer", minimum: 1 });

    const retry = doc.paths["/api/v3/custodians/me/alerts/retry-by-block-number"]?.post as Record<string, unknown>;
    expect(retry.deprecated).toBe(true);
    expect(Object.keys(retry.responses as object)).toEqual(["204", "400", "401"]);

    const sign = doc.paths["/v1/sign"]?.post as Record<string, unknown>;
    expect(sign.servers).toEqual([{ url: "http://127.0.0.1:4011", description: expect.any(String) }]);
    expect(sign.security).toEqual([{ clientCredential: [] }]);
    expect(JSON.stringify(sign.requestBody)).toContain('"share"');

    const client = doc.paths["/api/v3/custodians/me/clients/{clientId}"]?.get as {
      responses: Record<string, { content: unknown }>;
    };
    expect(JSON.stringify(client.responses["200"]?.content)).toContain('"wallets"');
  });

  it("uses the configured yield provider segment", () => {
    const custom = buildOpenApiDocument({ yieldProviderSegment: "yield-xyz" });
    expect(Object.keys(custom.paths)).toContain("/api/v3/clients/me/integrations/yield-xyz/yields/balances");
    expect(custom.servers).toBeUndefined();
  });
});
