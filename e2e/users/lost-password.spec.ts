import { expect, test } from "@playwright/test";
import { auditRows } from "../fixtures/audit";
import { anonymousContext, formError, signIn } from "../fixtures/auth";
import { expectAccessible } from "../fixtures/axe";
import { screens } from "../fixtures/screens";
import { createStaff, signedInPage } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

/**
 * A one-time password cannot get lost on the way to its owner: the dialog that shows it asks before
 * closing on a password nobody revealed or copied, and an admin can give someone who lost theirs a
 * new one (their sessions end, they choose their own at the next sign-in, the audit log says who did it).
 */

test.use({ storageState: storageState("admin") });

test("[USERS][handover] Done on a generated password nobody revealed asks first; Keep it open keeps it", async ({
  page,
}) => {
  const email = `handover-${Date.now()}@e2e.test`;
  await page.goto("/users");
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a staff user" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(dialog.getByRole("status")).toContainText(`Created ${email}`);

  // Done, and Escape, on a password never revealed: the dialog stays and says what closing would cost.
  await dialog.getByRole("button", { name: "Done" }).click();
  const warning = dialog.getByRole("alert");
  await expect(warning).toContainText("has not been revealed or copied");
  await expectAccessible(page);
  await screens(page, "users-handover-warning");
  await warning.getByRole("button", { name: "Keep it open" }).click();
  await expect(warning).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog.getByRole("alert")).toContainText("cannot be shown again");
  await dialog.getByRole("button", { name: "Keep it open" }).click();

  // Revealed, Done closes at once.
  await dialog.getByRole("button", { name: "Reveal Initial password" }).click();
  await expect(dialog.getByTestId("secret-value")).not.toHaveText(/•/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);
});

test("[USERS][reset] an admin resets a lost password: the old one stops, the new one must be replaced, sessions end, the audit log says so", async ({
  page,
  browser,
}) => {
  const user = await createStaff(browser, "support", "forgetful");
  const { context: theirs, page: theirPage } = await signedInPage(browser, user, "/clients");

  await page.goto("/users");
  const row = page.getByRole("row", { name: new RegExp(user.email) });
  await row.getByRole("button", { name: `Reset password for ${user.email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Reset the password of ${user.email}` });
  await expect(dialog).toContainText("They are signed out everywhere at once.");
  await expectAccessible(page);
  await screens(page, "users-reset-confirm");
  await dialog.getByRole("button", { name: "Reset password" }).click();
  await expect(dialog.getByRole("status")).toContainText("every session they had has ended");
  await dialog.getByRole("button", { name: "Reveal One-time password" }).click();
  const generated = (await dialog.getByTestId("secret-value").textContent())!.trim();
  expect(generated.length).toBeGreaterThanOrEqual(20);
  await screens(page, "users-reset-done");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);
  await screens(page, "users-list");

  // Their open session has ended.
  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/signin/);
  await theirs.close();

  // The old password no longer works; the new one signs in and must be replaced before anything else.
  const again = await anonymousContext(browser);
  const next = await again.newPage();
  await next.goto("/signin");
  await next.getByLabel("E-mail").fill(user.email);
  await next.getByLabel("Password").fill(user.password);
  await next.getByRole("button", { name: "Sign in" }).click();
  await expect(formError(next)).toHaveText("Wrong e-mail or password.");
  await signIn(next, { email: user.email, password: generated }, "/clients");
  await expect(next).toHaveURL(/\/account\/password\?callbackUrl=%2Fclients/);
  await again.close();

  // The audit log names the reset, its target and what it did; never the password.
  await page.goto("/audit?action=users.reset-password&outcome=ok");
  const record = auditRows(page).filter({ has: page.getByRole("link", { name: user.email, exact: true }) });
  await expect(record).toHaveCount(1);
  await expect(record).toContainText(/reset-password/);
  await expect(page.locator("main")).not.toContainText(generated);
});

test("[USERS][hydration] the users page with a browser clock ten minutes off hydrates without an error", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  // Every signed-in user's "Last sign-in" is a few seconds ago by the server's clock and ten minutes
  // later by this browser's: the words differ, and the page must still hydrate cleanly.
  await page.clock.setSystemTime(Date.now() + 10 * 60_000);
  await page.goto("/users");
  await expect(page.getByRole("button", { name: "Add user" })).toBeEnabled();
  await expect(page.getByRole("cell", { name: /ago$/ }).first()).toBeVisible();
  expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([]);
});
