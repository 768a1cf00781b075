import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { routeTemplate, setRoutesManifestForTests } from "./route-templates";

/** A build's routes manifest as Next writes it: static routes by page, dynamic ones by their regex. */
beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), "routes-manifest-"));
  writeFileSync(
    path.join(dir, "routes-manifest.json"),
    JSON.stringify({
      staticRoutes: [
        { page: "/", regex: "^/(?:/)?$" },
        { page: "/clients", regex: "^/clients(?:/)?$" },
        { page: "/alerts/tools", regex: "^/alerts/tools(?:/)?$" },
      ],
      dynamicRoutes: [
        { page: "/alerts/[webhookId]", regex: "^/alerts/([^/]+?)(?:/)?$" },
        { page: "/clients/[clientId]", regex: "^/clients/([^/]+?)(?:/)?$" },
        { page: "/api/auth/[...nextauth]", regex: "^/api/auth/(.+?)(?:/)?$" },
      ],
    }),
  );
  setRoutesManifestForTests(dir);
});

describe("the route template of a path", () => {
  it("is the static route itself, with or without a trailing slash", () => {
    expect(routeTemplate("/")).toBe("/");
    expect(routeTemplate("/clients")).toBe("/clients");
    expect(routeTemplate("/clients/")).toBe("/clients");
  });

  it("names a dynamic route's segments, never their values; a static route wins over a dynamic one", () => {
    expect(routeTemplate("/clients/cm123")).toBe("/clients/[clientId]");
    expect(routeTemplate("/alerts/tools")).toBe("/alerts/tools");
    expect(routeTemplate("/alerts/wh_9")).toBe("/alerts/[webhookId]");
    expect(routeTemplate("/api/auth/callback/oidc")).toBe("/api/auth/[...nextauth]");
  });

  it("of a template is the template", () => {
    for (const template of ["/clients/[clientId]", "/api/auth/[...nextauth]", "/alerts/[webhookId]"])
      expect(routeTemplate(template)).toBe(template);
  });

  it("is /_next for Next's assets, and none for a path no route knows", () => {
    expect(routeTemplate("/_next/static/chunks/a.js")).toBe("/_next");
    expect(routeTemplate("/wp-admin/setup.php")).toBeUndefined();
    expect(routeTemplate("/clients/cm123/extra")).toBeUndefined();
  });
});
