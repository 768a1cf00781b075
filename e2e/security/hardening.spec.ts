import { expect, test } from "@playwright/test";
import { anonymousContext, formError, signIn } from "../fixtures/auth";
import { createStaff, signedInPage } from "../fixtures/staff";
import { ADMIN, storageState } from "../fixtures/users";

test.describe("[SEC] hardening", () => {
  test("[SEC][redirect] a callback that a browser would turn into another site lands on the console", async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // four sign-ins
    for (const callback of ["/\t/evil.example/x", "//evil.example", "/\\evil.example", "https://evil.example"]) {
      const context = await anonymousContext(browser);
      const page = await context.newPage();
      await page.goto(`/signin?callbackUrl=${encodeURIComponent(callback)}`);
      await page.getByLabel("E-mail").fill(ADMIN.email);
      await page.getByLabel("Password").fill(ADMIN.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      // Signed in, on the console's own overview.
      await page.waitForURL((url) => url.origin === new URL(baseURL!).origin && url.pathname === "/");
      await expect(page.getByTestId("current-user")).toBeVisible();
      await context.close();
    }
  });

  test("[SEC][forwarded] a client cannot choose its own address or request id", async ({ browser }) => {
    const forger = await browser.newContext({
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: {
        "x-forwarded-for": "6.6.6.6",
        "x-real-ip": "6.6.6.6",
        "x-request-id": "forged-request-id-0001",
      },
    });
    const page = await forger.newPage();
    const email = `forger-${Date.now()}@e2e.test`;
    const response = await page.goto("/signin");
    expect(response?.headers()["x-request-id"]).not.toBe("forged-request-id-0001");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toBeVisible();
    await forger.close();

    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    await expect
      .poll(async () => {
        const res = await compliance.request.get(`/api/audit?actor=${encodeURIComponent(email)}&limit=5`);
        return ((await res.json()) as { records: { ip: string; requestId: string }[] }).records[0];
      })
      .toMatchObject({ ip: "127.0.0.1", requestId: expect.not.stringContaining("forged") });
    await compliance.close();
  });

  test("[SEC][forwarded-proto] a client cannot claim https on the plain-http console", async ({
    playwright,
    baseURL,
  }) => {
    // No proxy is trusted here (CONSOLE_TRUSTED_PROXIES=0): only the connection itself can say https.
    const forger = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "x-forwarded-proto": "https" },
    });
    for (const path of ["/signin", "/clients", "/api/health", "/api/audit"]) {
      const response = await forger.get(path, { maxRedirects: 0 });
      expect(response.status()).toBeLessThan(500);
      const headers = response.headers();
      expect(headers["content-security-policy"]).toBeDefined();
      expect(headers["strict-transport-security"]).toBeUndefined();
      expect(headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    }
    // next-auth's own cookies are not made Secure (__Host-/__Secure-) on a forged header either.
    const csrf = await forger.get("/api/auth/csrf");
    expect(csrf.ok()).toBe(true);
    const cookies = csrf.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie.value).toMatch(/^next-auth\./);
      expect(cookie.value).not.toMatch(/;\s*secure/i);
    }
    await forger.dispose();
  });

  test("[AUTH][sign-out] signing out ends every session of the user, on every device", async ({ browser }) => {
    const user = await createStaff(browser, "support", "two-devices");
    const laptop = await signedInPage(browser, user, "/clients");
    const phone = await signedInPage(browser, user, "/clients");
    await laptop.page.getByRole("button", { name: "Sign out" }).click();
    await expect(laptop.page).toHaveURL(/\/signin/);
    await phone.page.goto("/clients");
    await expect(phone.page).toHaveURL(/\/signin\?callbackUrl=%2Fclients/);
    // A fresh sign-in works again.
    await signIn(phone.page, user, "/clients");
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });

  test("[AUTH][generated-password] a generated password must be replaced before anything else", async ({ browser }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const adminPage = await admin.newPage();
    const email = `newcomer-${Date.now()}@e2e.test`;
    await adminPage.goto("/users");
    await adminPage.getByRole("button", { name: "Add user" }).click();
    const dialog = adminPage.getByRole("dialog", { name: "Add a staff user" });
    await dialog.getByLabel("E-mail").fill(email);
    await dialog.getByLabel("Role").selectOption("support");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.getByRole("button", { name: "Reveal Initial password" }).click();
    const generated = (await dialog.getByTestId("secret-value").textContent())!.trim();
    await admin.close();

    const context = await anonymousContext(browser);
    const page = await context.newPage();
    await page.goto("/signin?callbackUrl=%2Fclients");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(generated);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/account\/password\?callbackUrl=%2Fclients/);
    await expect(page.getByText("You signed in with a generated password")).toBeVisible();
    // Nothing else opens until it is changed.
    await page.goto("/clients");
    await expect(page).toHaveURL(/\/account\/password/);
    expect((await context.request.get("/api/clients")).status()).toBe(403);

    await page.getByLabel("Current password").fill(generated);
    await page.getByLabel("New password", { exact: true }).fill("my-own-password-42");
    await page.getByLabel("New password again").fill("my-own-password-42");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(page.getByRole("heading", { name: "Clients" })).toBeVisible();
    await context.close();

    // The generated password no longer works; the new one does.
    const again = await anonymousContext(browser);
    const retry = await again.newPage();
    await retry.goto("/signin");
    await retry.getByLabel("E-mail").fill(email);
    await retry.getByLabel("Password").fill(generated);
    await retry.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(retry)).toHaveText("Wrong e-mail or password.");
    await signIn(retry, { email, password: "my-own-password-42" }, "/clients");
    await again.close();
  });
});
