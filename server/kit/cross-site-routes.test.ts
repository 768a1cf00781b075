import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as Session from "@/server/auth/session";

/**
 * Every route handler of app/api (found by walking the code, as the bad-input tests do) refuses a
 * request a page on another site may have sent with 403 CROSS_SITE before anything else: the session
 * is not even looked at, the query is not parsed, nothing reaches the upstream and nothing is
 * recorded. next-auth's catch-all is checked beside them, with its one exception. The same refusal
 * over HTTP against the production build is e2e/security/cross-site.spec.ts.
 */

const authorize = vi.fn();
vi.mock("@/server/auth/session", async (original) => ({
  ...(await original<typeof Session>()),
  authorize: (...args: unknown[]) => authorize(...args),
}));
vi.mock("@/server/request-context", async () =>
  (await import("@/testing/kit/bad-input-harness")).requestContextModule(),
);
vi.mock("@/server/upstream", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).upstreamModule(original),
);
vi.mock("@/server/audit/append", async (original) =>
  (await import("@/testing/kit/bad-input-harness")).auditAppendModule(original),
);

const { admin, recorders } = await import("@/testing/kit/bad-input-harness");
const { findRoutes } = await import("@/testing/kit/entry-points");
const nextAuthRoute = await import("@/app/api/auth/[...nextauth]/route");
const { authCrossSiteRefusal, isIdentityProviderCallback } = await import("@/server/auth/cross-site");

const routes = await findRoutes();

const FOREIGN: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site: cross-site": { "sec-fetch-site": "cross-site" },
  "Sec-Fetch-Site: same-site": { "sec-fetch-site": "same-site" },
  "a foreign Origin": { origin: "https://evil.example" },
  "the null Origin": { origin: "null" },
  "a foreign Referer": { referer: "https://evil.example/page" },
};

const request = (template: string, method: string, headers: Record<string, string>) =>
  new NextRequest(`http://console.test${template.replace(/\[[^\]]+\]/g, "probe")}`, {
    method,
    headers: { host: "console.test", ...headers },
  });

beforeEach(() => {
  authorize.mockReset();
  authorize.mockResolvedValue(admin);
  recorders.upstream.calls.length = 0;
  recorders.audit.entries.length = 0;
});

describe("a cross-site request to a route handler", () => {
  it("finds the route handlers, none of which records an act (acts are server actions)", () => {
    expect(routes.length).toBeGreaterThan(25);
    expect(routes.filter((r) => r.writesAudit).map((r) => r.template)).toEqual([]);
  });

  for (const route of routes)
    it(`${route.label}: refused with 403 CROSS_SITE before the session, the upstream or the audit log`, async () => {
      for (const [what, headers] of Object.entries(FOREIGN)) {
        const response = await route.handler(request(route.template, route.label.split(" ")[0]!, headers), {
          params: Promise.resolve(Object.fromEntries(route.params.map((p) => [p, "probe"]))),
        });
        const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
        expect({ what, status: response.status, code: body.error.code }).toEqual({
          what,
          status: 403,
          code: "CROSS_SITE",
        });
        expect(body.error.message).toBe(
          "This request came from another site and was refused. Open the console directly and try again.",
        );
        expect(body.error.requestId).toBeTruthy();
      }
      expect(authorize).not.toHaveBeenCalled();
      expect(recorders.upstream.calls).toEqual([]);
      expect(recorders.audit.entries).toEqual([]);
    });

  it("from the console's own pages, or from no browser at all, goes on to the session check", async () => {
    const route = routes.find((r) => r.template === "/api/audit/facets")!;
    for (const headers of [
      { "sec-fetch-site": "same-origin" } as Record<string, string>,
      { "sec-fetch-site": "none" },
      { origin: "http://console.test" },
      { referer: "http://console.test/audit" },
      {},
    ]) {
      authorize.mockReset();
      authorize.mockRejectedValue(new Error("stop here"));
      const response = await route.handler(request(route.template, "GET", headers), { params: Promise.resolve({}) });
      expect(authorize, JSON.stringify(headers)).toHaveBeenCalledOnce();
      expect(response.status).toBe(500);
    }
  });
});

describe("a cross-site request to next-auth's catch-all", () => {
  const call = (method: string, segments: string[], headers: Record<string, string>) =>
    nextAuthRoute[method as "GET" | "POST"](
      request(`/api/auth/${segments.join("/")}`, method, headers) as unknown as Request,
      { params: Promise.resolve({ nextauth: segments }) },
    );

  it.each([
    ["GET", ["session"]],
    ["GET", ["csrf"]],
    ["GET", ["providers"]],
    ["POST", ["signout"]],
    ["POST", ["callback", "credentials"]],
  ])("%s /api/auth/%j is refused with 403 CROSS_SITE", async (method, segments) => {
    for (const headers of Object.values(FOREIGN)) {
      const response = await call(method, segments, headers);
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("CROSS_SITE");
    }
  });

  it("from the console's own sign-in page is left to next-auth (which needs a real request; see the e2e spec)", () => {
    for (const headers of [{ "sec-fetch-site": "same-origin" }, { origin: "http://console.test" }, {}] as Record<
      string,
      string
    >[])
      expect(authCrossSiteRefusal(request("/api/auth/csrf", "GET", headers), ["csrf"], [])).toBeNull();
  });

  it("lets only an identity provider's own callback through (it arrives by a cross-site redirect)", () => {
    const providers = [
      { id: "credentials", type: "credentials" },
      { id: "oidc", type: "oauth" },
    ] as Parameters<typeof isIdentityProviderCallback>[1];
    expect(isIdentityProviderCallback(["callback", "oidc"], providers)).toBe(true);
    expect(isIdentityProviderCallback(["callback", "credentials"], providers)).toBe(false);
    expect(isIdentityProviderCallback(["callback", "unknown"], providers)).toBe(false);
    expect(isIdentityProviderCallback(["signin", "oidc"], providers)).toBe(false);
    expect(isIdentityProviderCallback(["callback", "oidc", "extra"], providers)).toBe(false);
    expect(isIdentityProviderCallback(["callback", "oidc"], [providers[0]!])).toBe(false);
  });
});
