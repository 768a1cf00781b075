import { expect, test } from "@playwright/test";
import { formError, signIn } from "../fixtures/auth";
import { createStaff } from "../fixtures/staff";
import { ADMIN, storageState } from "../fixtures/users";

test.describe("[AUTH] sign-in", () => {
  test("[AUTH][redirect] an unauthenticated visit goes to sign-in and comes back after it", async ({ page }) => {
    await page.goto("/audit?outcome=error");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Faudit%3Foutcome%3Derror/);
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/audit\?outcome=error$/);
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    await expect(page.getByTestId("current-role")).toHaveText("Admin");
  });

  test("[AUTH][failure] a wrong password is refused with a clear message", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(ADMIN.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText("Wrong e-mail or password.");
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByTestId("current-user")).toHaveCount(0);
  });

  test("[AUTH][lockout] five failures lock the account, even against the right password", async ({ page, browser }) => {
    const admin = await browser.newContext({ storageState: storageState("admin") });
    const adminPage = await admin.newPage();
    const victim = { email: `lockout-${Date.now()}@e2e.test`, password: "lockout-user-password" };
    await adminPage.goto("/users");
    await adminPage.getByRole("button", { name: "Add user" }).click();
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(victim.email);
    await dialog.getByLabel("Password").fill(victim.password);
    await dialog.getByRole("button", { name: "Create user" }).click();
    await expect(dialog.getByRole("status")).toContainText("Created");
    await admin.close();

    await page.goto("/signin");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await page.getByLabel("E-mail").fill(victim.email);
      await page.getByLabel("Password").fill(`wrong-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(formError(page)).toHaveText(attempt < 5 ? "Wrong e-mail or password." : /Too many failed attempts/);
    }
    await page.getByLabel("Password").fill(victim.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(formError(page)).toHaveText(/Too many failed attempts/);
    await expect(page.getByTestId("current-user")).toHaveCount(0);
  });

  test("[AUTH][sign-out] signing out ends the session", async ({ page, browser }) => {
    // A user of its own: signing out ends every session of the user, and others share the admin's.
    const user = await createStaff(browser, "support", "signs-out");
    await signIn(page, user);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/signin/);
    await page.goto("/clients");
    await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fclients/);
  });
});
