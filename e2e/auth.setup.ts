import { expect, test as setup } from "@playwright/test";
import { signIn } from "./fixtures/auth";
import { ADMIN, STAFF, storageState } from "./fixtures/users";

setup("sign in as admin and create one user per role", async ({ page, browser }) => {
  // Four sign-ins (scrypt) and three creations: more than one journey's budget on a busy machine.
  setup.setTimeout(180_000);
  await signIn(page, ADMIN);
  await page.context().storageState({ path: storageState("admin") });
  await page.goto("/users");
  await expect(page.getByRole("cell", { name: ADMIN.email }).first()).toBeVisible();
  for (const user of Object.values(STAFF)) {
    // A retry of this setup finds the users the first try made: they are kept, not made twice.
    if (await page.getByRole("cell", { name: user.email }).first().isVisible()) continue;
    await page.getByRole("button", { name: "Add user" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("E-mail").fill(user.email);
    await dialog.getByLabel("Role").selectOption(user.role);
    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Create user" }).click();
    await expect(dialog.getByRole("status")).toContainText(`Created ${user.email}`);
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("cell", { name: user.email }).first()).toBeVisible();
  }
  for (const user of Object.values(STAFF)) {
    const context = await browser.newContext();
    const rolePage = await context.newPage();
    await signIn(rolePage, user);
    await context.storageState({ path: storageState(user.role) });
    await context.close();
  }
});
