import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2ePaths } from "../../scripts/setup.mjs";
import { ADMIN, storageState } from "../fixtures/users";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test("[SEC][headers] every page and data route carries the security headers", async ({ request }) => {
  for (const url of ["/signin", "/api/audit"]) {
    // A request id a client makes up is not taken (no proxy is trusted here): the console makes its own.
    const res = await request.get(url, { maxRedirects: 0, headers: { "x-request-id": "client-chosen-id-0001" } });
    const h = res.headers();
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["content-security-policy"]).not.toContain("unsafe-eval");
    expect(h["x-frame-options"]).toBe("DENY");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["permissions-policy"]).toContain("camera=()");
    expect(h["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  }
  // A page's scripts run by its nonce only; a data route's JSON may load nothing at all.
  const page = (await request.get("/signin")).headers()["content-security-policy"];
  expect(page).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  const route = await request.get("/api/audit");
  expect(route.status()).toBe(401);
  expect(route.headers()["content-security-policy"]).toMatch(/^default-src 'none'; frame-ancestors 'none'$/);
  // The id in the answer is the one the error names, so a report can be traced to the log.
  const body = (await route.json()) as { error: { requestId: string } };
  expect(body.error.requestId).toBe(route.headers()["x-request-id"]);
});

test("[SEC][cookie] the session cookie is HttpOnly and SameSite=Lax", async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageState("admin") });
  const cookie = (await context.cookies()).find((c) => c.name.includes("next-auth.session-token"));
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  await context.close();
});

test("[SEC][bundle] no secret and no secret's variable name reaches the browser bundle or a page", async ({
  browser,
}) => {
  const secrets = [
    readFileSync(`${e2ePaths().consoleData}/auth-secret`, "utf8").trim(),
    readFileSync(`${e2ePaths().consoleData}/vault-key`, "utf8").trim(),
    ADMIN.password,
    "sandbox-custodian-key",
  ];
  const names = [
    "PORTAL_CUSTODIAN_API_KEY",
    "CONSOLE_VAULT_KEY",
    "AUTH_SECRET",
    "SANDBOX_CUSTODIAN_API_KEY",
    "DATABASE_URL",
  ];
  const files = filesUnder(".next/static").filter((f) => /\.(js|css|json|html)$/.test(f));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const needle of [...secrets, ...names])
      expect(text.includes(needle), `${needle.slice(0, 6)}… in ${file}`).toBe(false);
  }
  const context = await browser.newContext({ storageState: storageState("admin") });
  const page = await context.newPage();
  for (const url of ["/users", "/audit", "/clients"]) {
    await page.goto(url);
    const html = await page.content();
    for (const needle of secrets) expect(html.includes(needle), `${needle.slice(0, 6)}… in ${url}`).toBe(false);
  }
  await context.close();
});
