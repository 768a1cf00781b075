/**
 * YIELD_PROVIDER_SEGMENT names the provider segment of the yield paths (default yield-provider), in
 * the routes and in the OpenAPI document, without a chain (the catalogue is static).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/testing/sandbox";

let sb: TestSandbox;
let apiKey: string;
beforeAll(async () => {
  sb = await startTestSandbox({ YIELD_PROVIDER_SEGMENT: "yield-xyz" });
  apiKey = (
    (await (await sb.admin("/api/v3/custodians/me/clients", { method: "POST" })).json()) as { clientApiKey: string }
  ).clientApiKey;
});
afterAll(() => sb.close());

const get = (path: string) => sb.baseApp.request(path, { headers: { authorization: `Bearer ${apiKey}` } });

describe("YIELD_PROVIDER_SEGMENT", () => {
  it("serves the yield routes under the configured segment only", async () => {
    const res = await get("/api/v3/clients/me/integrations/yield-xyz/yields?limit=2");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { rawResponse: { items: unknown[] } } }).data.rawResponse.items).toHaveLength(
      2,
    );
    const other = await get("/api/v3/clients/me/integrations/yield-provider/yields");
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({
      error: "Not found: GET /api/v3/clients/me/integrations/yield-provider/yields",
    });
  });

  it("names the segment in the OpenAPI document's paths", async () => {
    const doc = (await (await sb.baseApp.request("/openapi.json")).json()) as { paths: Record<string, unknown> };
    const yieldPaths = Object.keys(doc.paths).filter((p) => p.includes("/integrations/"));
    expect(yieldPaths.length).toBe(7);
    for (const p of yieldPaths) expect(p).toMatch(/\/integrations\/yield-xyz\//);
  });
});
