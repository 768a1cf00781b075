import { expect, test, type Page } from "@playwright/test";
import { anonymousContext, formError, signIn } from "../fixtures/auth";
import { expectAccessible } from "../fixtures/axe";
import { createStaff } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

/** A user's id, from the users route the page itself reads. */
async function userId(page: Page, email: string) {
  const res = await page.request.get("/api/users");
  const { users } = (await res.json()) as { users: { id: string; email: string }[] };
  return users.find((u) => u.email === email)!.id;
}

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
  const confirm = page.getByRole("alertdialog", { name: `Disable ${email}?` });
  await expect(confirm).toContainText("signed out everywhere at once");
  await confirm.getByRole("button", { name: "Disable account" }).click();
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
  const confirm = page.getByRole("alertdialog", { name: `Change ${email} to Compliance?` });
  await expect(confirm).toContainText("They gain: eject approve");
  await expect(confirm).toContainText("They lose: clients create");
  await confirm.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByText(`Updated ${email}; their sessions have ended`)).toBeVisible();
  // The change ends the user's session at once; signing in again gives the new role.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/signin\?callbackUrl=%2Faudit/);
  await otherPage.getByLabel("E-mail").fill(email);
  await otherPage.getByLabel("Password").fill(password);
  await otherPage.getByRole("button", { name: "Sign in" }).click();
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
  // One message per problem: each under its field, none repeated above the button.
  await expect(dialog.getByRole("alert")).toHaveText(["Enter an e-mail address", "At least 12 characters"]);
  await expect(dialog.getByText(/At least 12 characters/)).toHaveCount(1);
});

test("[USERS][password] a short new password is refused once, under its field", async ({ page }) => {
  await page.goto("/account/password");
  const form = page.locator("form").filter({ has: page.getByLabel("New password", { exact: true }) });
  await form.getByLabel("Current password").fill("not-the-point-here");
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("New password again").fill("short");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("alert")).toHaveText(["At least 12 characters"]);
  await expect(form.getByText(/At least 12 characters/)).toHaveCount(1);
  await expect(form.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test("[USERS][admin] making someone an admin says what it means, and Cancel changes nothing", async ({
  page,
  browser,
}) => {
  const user = await createStaff(browser, "support", "promotee");
  await page.goto(`/users?user=${encodeURIComponent(await userId(page, user.email))}`);
  const select = page.getByLabel(`Role of ${user.email}`);
  // Buttons are enabled once React has hydrated; a select changed before that would do nothing.
  await expect(page.getByRole("button", { name: "Add user" })).toBeEnabled();
  await select.selectOption("admin");
  const confirm = page.getByRole("alertdialog", { name: `Make ${user.email} an admin?` });
  await expect(confirm).toContainText("An admin can do everything in the console");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(select).toHaveValue("support");
  await page.reload();
  await expect(page.getByLabel(`Role of ${user.email}`)).toHaveValue("support");
});
