import { expect, test, type Page } from "@playwright/test";
import { axe } from "./fixtures/axe";
import { keepShot } from "./fixtures/screens";
import { storageState } from "./fixtures/users";

/**
 * No serious or critical violation on the pages of this issue, in light and dark mode. The theme is chosen
 * before the page loads, as a returning user's is: switched on a page still hydrating, the theme provider
 * put the stored one back, and the dark checks of two pages ran on the light theme.
 */
async function expectAccessible(page: Page, name: string, theme: "light" | "dark") {
  const html = page.locator("html");
  const themeShown = () =>
    theme === "dark" ? expect(html).toHaveClass(/\bdark\b/) : expect(html).not.toHaveClass(/\bdark\b/);
  await themeShown();
  const results = await axe(page);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  // Still the theme under test once axe is done.
  await themeShown();
  // Kept for people to look at (not compared): .data/screens/<page>-<theme>.png
  await keepShot(page, `.data/screens/${name}-${theme}.png`, { fullPage: true });
}

/** The theme stored before the page's first script runs. */
const chooseTheme = (page: Page, theme: "light" | "dark") =>
  page.addInitScript((t) => localStorage.setItem("theme", t), theme);

for (const theme of ["light", "dark"] as const) {
  test(`[A11Y][sign-in] ${theme}`, async ({ page }) => {
    await chooseTheme(page, theme);
    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "Sign in to Custodian Console" })).toBeVisible();
    await expectAccessible(page, "signin", theme);
    // A hovered primary button keeps its text's contrast (a hover by opacity washed both towards the page).
    await page.getByRole("button", { name: "Sign in" }).hover();
    await expectAccessible(page, "signin-hover", theme);
  });

  test.describe(() => {
    test.use({ storageState: storageState("admin") });

    test(`[A11Y][shell] ${theme}`, async ({ page }) => {
      await chooseTheme(page, theme);
      await page.goto("/clients");
      await expect(page.getByTestId("current-user")).toBeVisible();
      await expectAccessible(page, "shell", theme);
    });

    test(`[A11Y][audit] ${theme}`, async ({ page }) => {
      await chooseTheme(page, theme);
      await page.goto("/audit");
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessible(page, "audit", theme);
    });

    test(`[A11Y][users] ${theme}`, async ({ page }) => {
      await chooseTheme(page, theme);
      await page.goto("/users");
      await expect(page.getByRole("table")).toBeVisible();
      await expectAccessible(page, "users", theme);
      // A hovered danger button too: the reset dialog's, over the dialog's backdrop.
      await page
        .getByRole("button", { name: /^Reset password for / })
        .first()
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Reset password" }).hover();
      await expectAccessible(page, "users-reset-hover", theme);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    });
  });
}
