import { expect, test } from "@playwright/test";
import { createClientInUi, createTestClientInUi } from "../fixtures/sandbox";
import { storageState } from "../fixtures/users";

test.describe("[CLIENTS] create and credentials", () => {
  test("[CLIENTS][create] a developer creates clients with and without account abstraction and sees the key once", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: storageState("developer") });
    const page = await context.newPage();
    const eoa = await createClientInUi(page);
    expect(eoa.clientApiKey.length).toBeGreaterThan(16);
    // Reopening the dialog shows no credential: it was shown once.
    await page.getByRole("button", { name: "Create client" }).click();
    await expect(page.getByRole("dialog").getByTestId("secret-value")).toHaveCount(0);
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    const aa = await createClientInUi(page, { accountAbstracted: true });
    await page.goto(`/clients/${aa.clientId}`);
    await expect(page.getByText("Account abstraction", { exact: true })).toBeVisible();
    await page.goto(`/clients/${eoa.clientId}`);
    await expect(page.getByText("EOA", { exact: true })).toBeVisible();
    await context.close();
  });

  test("[CLIENTS][test-client] a developer creates a test client whose key stays in the vault; support cannot", async ({
    browser,
  }) => {
    const context = await browser.newContext({ storageState: storageState("developer") });
    const page = await context.newPage();
    // The action's answer, taken on its way to the page: the page navigates away as soon as it has it,
    // after which the browser no longer holds the body.
    const answers: string[] = [];
    await page.route("**/*", async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || request.headers()["next-action"] === undefined) return route.fallback();
      const response = await route.fetch();
      const text = await response.text();
      answers.push(text);
      await route.fulfill({ response, body: text });
    });
    const { clientId } = await createTestClientInUi(page, { accountAbstracted: true });
    const body = answers.find((a) => a.includes(clientId)) ?? "";
    await page.goto(`/clients/${clientId}`);
    await expect(page.getByText("Test client", { exact: true })).toBeVisible();
    await expect(page.getByText("Account abstraction", { exact: true })).toBeVisible();
    // The upstream gave the console a client API key; the action's answer to the page holds none.
    expect(body).toContain(clientId);
    expect(body).not.toMatch(/clientApiKey|clientSessionToken/);
    await context.close();

    const support = await browser.newContext({ storageState: storageState("support") });
    const supportPage = await support.newPage();
    await supportPage.goto(`/clients/${clientId}`);
    await expect(supportPage.getByText("Test client", { exact: true })).toBeVisible();
    await expect(supportPage.getByRole("link", { name: "Wallet lab" })).toHaveCount(0);
    await expect(supportPage.getByRole("button", { name: "Create client" })).toHaveCount(0);
    await support.close();
  });

  test("[CLIENTS][credentials] support mints a session token and an OTP with a reason; the audit log has the reasons, not the secrets", async ({
    browser,
  }) => {
    const support = await browser.newContext({ storageState: storageState("support") });
    const page = await support.newPage();
    await page.goto("/clients?take=10");
    const clientId = (await page
      .getByRole("table", { name: "Clients" })
      .locator("tbody tr td:first-child a")
      .nth(2)
      .textContent())!.trim();
    await page.goto(`/clients/${clientId}?tab=credentials`);

    const token = page.getByRole("form", { name: "Mint session token" });
    await token.getByRole("button", { name: "Mint session token" }).click();
    await expect(token.getByText(/at least 10 characters/)).toBeVisible();
    await token.getByLabel(/Reason/).fill("SUP-101 user cannot open the wallet screen");
    await token.getByRole("button", { name: "Mint session token" }).click();
    const tokenCard = page.locator("div.rounded", { has: token });
    await tokenCard.getByRole("button", { name: "Reveal Client session token" }).click();
    const sessionToken = (await tokenCard.getByTestId("secret-value").textContent())!.trim();
    expect(sessionToken.length).toBeGreaterThan(16);

    const otpForm = page.getByRole("form", { name: "Issue web OTP" });
    await otpForm.getByLabel(/Reason/).fill("SUP-102 web sign-in for the support call");
    await otpForm.getByRole("button", { name: "Issue web OTP" }).click();
    const otpCard = page.locator("div.rounded", { has: otpForm });
    await otpCard.getByRole("button", { name: "Reveal Web OTP" }).click();
    const otp = (await otpCard.getByTestId("secret-value").textContent())!.trim();
    expect(otp.length).toBeGreaterThanOrEqual(4);
    await support.close();

    const compliance = await browser.newContext({ storageState: storageState("compliance") });
    const audit = await compliance.newPage();
    await audit.goto("/audit?action=credentials.");
    const table = audit.getByRole("table");
    await expect(table.getByRole("row", { name: /credentials\.session-token/ }).first()).toContainText(clientId);
    await expect(table.getByRole("row", { name: /credentials\.web-otp/ }).first()).toContainText(clientId);
    // Each record's details (in the drawer) keep the reason that was given.
    for (const [action, reason] of [
      ["credentials.session-token", "SUP-101 user cannot open the wallet screen"],
      ["credentials.web-otp", "SUP-102 web sign-in for the support call"],
    ] as const) {
      await table
        .getByRole("row", { name: new RegExp(action.replace(".", "\\.")) })
        .first()
        .getByRole("button", { name: /^Details of record/ })
        .click();
      const drawer = audit.getByRole("dialog");
      await expect(drawer).toContainText(reason);
      await audit.keyboard.press("Escape");
      await expect(drawer).toHaveCount(0);
    }
    const html = await audit.content();
    expect(html).not.toContain(sessionToken);
    expect(html).not.toContain(`"${otp}"`);
    const records = await (await compliance.request.get("/api/audit?action=credentials.&limit=200")).text();
    expect(records).not.toContain(sessionToken);
    expect(records).toContain("SUP-101");
    await compliance.close();
  });
});
