import { expect, test } from "@playwright/test";
import { captureAction, callAction } from "../fixtures/actions";
import { anonymousContext } from "../fixtures/auth";
import { storageState } from "../fixtures/users";

test.describe("[RBAC] permissions", () => {
  test("[RBAC][sidebar] support sees only its areas and is refused the users page", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageState("support") });
    const page = await context.newPage();
    await page.goto("/clients");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    // Approvals lists support's own eject requests (it requests ejects; it does not approve them).
    await expect(nav.getByRole("link")).toHaveText(["Clients", "Approvals", "Alerts", "Gas", "Yield"]);
    await page.goto("/users");
    await expect(page.getByText("Not available to your role")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add user" })).toHaveCount(0);
    await context.close();
  });

  test("[RBAC][server-action] a support user calling the create-user action directly is refused by the server", async ({
    browser,
  }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const adminPage = await admin.newPage();
    await adminPage.goto("/users");
    await adminPage.getByRole("button", { name: "Add user" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(`captured-${Date.now()}@e2e.test`);
    const action = await captureAction(adminPage, () => dialog.getByRole("button", { name: "Create user" }).click());
    await expect(dialog.getByRole("status")).toContainText("Created");

    const support = await browser.newContext({ storageState: storageState("support") });
    const forged = `forged-${Date.now()}@e2e.test`;
    const result = await callAction(support.request, action, {
      email: forged,
      role: "admin",
      password: "forged-password-123",
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain('"code":"FORBIDDEN"');
    expect(result.text).not.toContain(forged.replace("@", "\\u0040"));

    await adminPage.goto("/users");
    await expect(adminPage.getByRole("cell", { name: /captured-/ }).first()).toBeVisible();
    await expect(adminPage.getByRole("cell", { name: forged })).toHaveCount(0);

    // Without any session the same call is refused as unauthenticated.
    const anonymous = await anonymousContext(browser);
    const anon = await callAction(anonymous.request, action, { email: forged, role: "admin" });
    expect(anon.text).toContain('"code":"UNAUTHENTICATED"');
    await Promise.all([admin.close(), support.close(), anonymous.close()]);
  });

  test("[RBAC][route] read routes authorize on their own", async ({ browser, request }) => {
    const anonymous = await request.get("/api/audit");
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });

    const developer = await browser.newContext({ storageState: storageState("developer") });
    const audit = await developer.request.get("/api/audit");
    expect(audit.status()).toBe(403);
    expect(await audit.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
    const users = await developer.request.get("/api/users");
    expect(users.status()).toBe(403);
    const exported = await developer.request.get("/api/audit/exports");
    expect(exported.status()).toBe(403);
    await developer.close();

    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const ok = await compliance.request.get("/api/audit?limit=5");
    expect(ok.status()).toBe(200);
    expect((await ok.json()).records.length).toBeGreaterThan(0);
    await compliance.close();
  });
});
