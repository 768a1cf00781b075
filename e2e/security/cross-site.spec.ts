import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { failSignIn } from "../fixtures/audit";
import { builtRoutePaths, builtRoutes, probePath, type BuiltRoute } from "../fixtures/built-routes";
import { storageState } from "../fixtures/users";

/**
 * A page on another site cannot make a signed-in browser do anything through the console's route
 * handlers. The session cookie is SameSite=Lax, so a link on any site carries it; before this guard
 * a link to the audit log's checkpoint or export (GET routes then, actions now) forged an audit record
 * in the reviewer's name and walked the whole chain.
 *
 * Every route handler of the production build (enumerated from Next's manifests, as the
 * authorization matrix does) is called with an admin's session cookie and the headers a browser
 * sends for a request another site caused; each must answer 403 CROSS_SITE, and the audit log must
 * be exactly as long afterwards. The same routes called as the console's own pages call them are not
 * refused. Then a real browser follows a link on a page of another site.
 */

const MESSAGE = "This request came from another site and was refused. Open the console directly and try again.";

/** Route handler paths that are not the console's API: the favicon, which any page may load as an image. */
const NOT_AN_API = new Set(["/icon.svg"]);

/**
 * A catch-all route is probed at the paths under it that matter; one missing here fails the spec.
 * next-auth's: reading the session and the CSRF token, signing out, and posting credentials.
 */
const CATCH_ALL_PROBES: Record<string, BuiltRoute[]> = {
  "/api/auth/[...nextauth]": [
    { method: "GET", path: "/api/auth/session" },
    { method: "GET", path: "/api/auth/csrf" },
    { method: "GET", path: "/api/auth/providers" },
    { method: "POST", path: "/api/auth/signout" },
    { method: "POST", path: "/api/auth/callback/credentials" },
  ],
};

/** Three ways a browser tells the console that another site caused the request. */
const FOREIGN: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site: cross-site": { "sec-fetch-site": "cross-site" },
  "a foreign Origin, no Sec-Fetch-Site (an older browser)": { origin: "https://evil.example" },
  "a foreign Referer, no Sec-Fetch-Site nor Origin": { referer: "https://evil.example/innocent-page" },
};

function probes(): BuiltRoute[] {
  const catchAll = builtRoutePaths().filter((p) => p.includes("[..."));
  expect(
    catchAll.filter((p) => !(p in CATCH_ALL_PROBES)),
    "catch-all routes with no probe paths",
  ).toEqual([]);
  const routes = builtRoutes(new Set([...NOT_AN_API, ...catchAll])).map((r) => ({ ...r, path: probePath(r.path) }));
  expect(routes.length, "route handlers enumerated from the build").toBeGreaterThan(25);
  return [...routes, ...catchAll.flatMap((p) => CATCH_ALL_PROBES[p]!)];
}

/** The newest audit record's number: every record written, by anyone, moves it on. */
async function auditHead(admin: APIRequestContext): Promise<number> {
  const res = await admin.get("/api/audit?limit=1", { headers: { "sec-fetch-site": "same-origin" } });
  expect(res.status()).toBe(200);
  const { records } = (await res.json()) as { records: { seq: number }[] };
  expect(records.length, "the audit log has records (the setup's sign-ins)").toBe(1);
  return records[0]!.seq;
}

test.describe("[SEC][cross-site] requests caused by another site", () => {
  let admin: APIRequestContext;
  test.beforeAll(async ({ playwright, baseURL }) => {
    admin = await playwright.request.newContext({ baseURL, storageState: storageState("admin") });
  });
  test.afterAll(async () => admin.dispose());

  test("every route handler of the build refuses them with 403 CROSS_SITE and writes nothing; the console's own calls pass", async ({
    browser,
  }) => {
    test.slow(); // about 150 calls
    const routes = probes();
    const before = await auditHead(admin);

    const wrong: string[] = [];
    for (const route of routes)
      for (const [how, headers] of Object.entries(FOREIGN)) {
        const res = await admin.fetch(route.path, { method: route.method, headers, maxRedirects: 0 });
        const body = (await res.json().catch(() => null)) as { error?: Record<string, unknown> } | null;
        const error = body?.error;
        if (res.status() !== 403 || error?.code !== "CROSS_SITE" || error.message !== MESSAGE || !error.requestId)
          wrong.push(
            `${route.method} ${route.path} with ${how}: ${res.status()} ${JSON.stringify(body).slice(0, 120)}`,
          );
      }
    expect(wrong).toEqual([]);
    expect(await auditHead(admin), "no audit record was written").toBe(before);

    // The console's own pages send Sec-Fetch-Site: same-origin. (next-auth's POSTs are left out:
    // a sign-out would end the admin's sessions for the journeys after this one.)
    const refused: string[] = [];
    for (const route of routes.filter((r) => r.method === "GET")) {
      const res = await admin.get(route.path, { headers: { "sec-fetch-site": "same-origin" }, maxRedirects: 0 });
      await res.dispose();
      if (res.status() === 403 || res.status() >= 500) refused.push(`${route.path}: ${res.status()}`);
    }
    expect(refused).toEqual([]);
    // The measure moves when something is recorded: a failed sign-in is.
    await failSignIn(browser, `cross-site-${Date.now()}@e2e.test`);
    expect(await auditHead(admin)).toBeGreaterThan(before);
  });

  test("a link on another site's page, followed by a signed-in browser, is refused and records nothing", async ({
    browser,
    baseURL,
  }) => {
    const target = `${baseURL}/api/audit/exports`;
    // Another site: the console is on 127.0.0.1, this page on localhost (a different host, so a different site).
    const foreign: Server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html lang="en"><title>Cute cats</title><h1>Cute cats</h1><a href="${target}">See more cats</a></html>`,
      );
    });
    await new Promise<void>((resolve) => foreign.listen(0, resolve));
    const foreignUrl = `http://localhost:${(foreign.address() as AddressInfo).port}/`;

    const context = await browser.newContext({ storageState: storageState("admin") });
    try {
      const before = await auditHead(admin);
      const page = await context.newPage();
      await page.goto(foreignUrl);
      await expect(page.getByRole("heading", { name: "Cute cats" })).toBeVisible();

      const [response] = await Promise.all([
        page.waitForResponse(target),
        page.getByRole("link", { name: "See more cats" }).click(),
      ]);
      // What made this an attack before: a top-level navigation from another site, carrying the session cookie.
      const sent = await response.request().allHeaders();
      expect(sent["sec-fetch-site"]).toBe("cross-site");
      expect(sent.cookie).toContain("next-auth.session-token=");

      expect(response.status()).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("CROSS_SITE");
      await expect(page.getByText(MESSAGE)).toBeVisible();
      expect(await auditHead(admin), "no audit record was written").toBe(before);
    } finally {
      await context.close();
      await new Promise((resolve) => foreign.close(resolve));
    }
  });
});
