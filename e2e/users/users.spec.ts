import { expect, test } from "@playwright/test";
import { anonymousContext, formError, signIn } from "../fixtures/auth";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

test("[USERS][create] an admin creates a compliance user, who signs in with the generated password; disabling ends their access", async ({
  page,
  browser,
}) => {
  const email = `reviewer-${Date.now()}@e2e.test`;
  await page.goto("/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a staff user" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Name (optional)").fill("Rita Reviewer");
  await dialog.getByLabel("Role").selectOption("compliance");
  await dialog.getByRole("button", { name: "Create user" }).click();

  // The generated password is shown once, masked until revealed.
  const secret = dialog.getByTestId("secret-value");
  await expect(secret).toHaveText(/^•+$/);
  await dialog.getByRole("button", { name: "Reveal Initial password" }).click();
  await expect(secret).not.toHaveText(/•/);
  const password = (await secret.textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(20);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Active");

  const reviewer = await anonymousContext(browser);
  const reviewerPage = await reviewer.newPage();
  await signIn(reviewerPage, { email, password });
  await expect(reviewerPage.getByTestId("current-role")).toHaveText("Compliance");
  const nav = reviewerPage.getByRole("navigation", { name: "Main", exact: true });
  await expect(nav.getByRole("link", { name: "Audit" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);

  // Disabling takes effect on the reviewer's next request, not when the cookie expires.
  await page
    .getByRole("row", { name: new RegExp(email) })
    .getByRole("button", { name: "Disable" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Disabled");
  await reviewerPage.goto("/audit");
  await expect(reviewerPage).toHaveURL(/\/signin/);
  await reviewerPage.getByLabel("E-mail").fill(email);
  await reviewerPage.getByLabel("Password").fill(password);
  await reviewerPage.getByRole("button", { name: "Sign in" }).click();
  await expect(formError(reviewerPage)).toHaveText(/This account is disabled/);
  await reviewer.close();
});

test("[USERS][role] changing a role changes what the user may open", async ({ page, browser }) => {
  const email = `mover-${Date.now()}@e2e.test`;
  const password = "mover-password-123";
  await page.goto("/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Role").selectOption("developer");
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Create user" }).click();
  await dialog.getByRole("button", { name: "Done" }).click();

  const other = await anonymousContext(browser);
  const otherPage = await other.newPage();
  await signIn(otherPage, { email, password });
  await otherPage.goto("/audit");
  await expect(otherPage.getByText("Not available to your role")).toBeVisible();

  await page.getByLabel(`Role of ${email}`).selectOption("compliance");
  await expect(page.getByText(`Updated ${email}`)).toBeVisible();
  await otherPage.reload();
  await expect(otherPage.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await other.close();
});

test("[USERS][validation] a bad e-mail and a short password are refused with field messages", async ({ page }) => {
  await page.goto("/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("E-mail").fill("not-an-email");
  await dialog.getByLabel("Password").fill("short");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByText("Enter an e-mail address", { exact: true })).toBeVisible();
  await expect(dialog.getByText("At least 12 characters", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("E-mail")).toHaveValue("not-an-email");
});
