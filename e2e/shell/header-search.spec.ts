import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const box = (page: Page) => page.getByLabel("Find a client by id or address");
const panel = (page: Page) => page.getByTestId("search-panel");

/** A search the console cannot read: the panel opens with its explanation. */
async function openPanel(page: Page) {
  await box(page).fill("not a client !!");
  await box(page).press("Enter");
  await expect(panel(page)).toContainText("neither a client id nor an address");
}

test("[SHELL][search] the search panel closes like a popover: Escape, a click outside, and leaving the page", async ({
  page,
}) => {
  await page.goto("/clients");
  await openPanel(page);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(panel(page)).toHaveCount(0);
  await expect(box(page)).toBeFocused();

  await openPanel(page);
  await page.getByRole("heading", { level: 1 }).click();
  await expect(panel(page)).toHaveCount(0);

  // A click inside the panel keeps it.
  await openPanel(page);
  await panel(page).getByRole("alert").click();
  await expect(panel(page)).toBeVisible();

  await page
    .getByRole("navigation")
    .getByRole("link", { name: /^Alerts\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(panel(page)).toHaveCount(0);
});

test("[SHELL][search-keys] / and Ctrl+K (⌘K on a Mac) put the cursor in the search; / typed in a field stays in it", async ({
  page,
}) => {
  await page.goto("/clients");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("/");
  await expect(box(page)).toBeFocused();
  await expect(box(page)).toHaveValue("");

  await page.getByRole("heading", { level: 1 }).click();
  await expect(box(page)).not.toBeFocused();
  await page.keyboard.press("Control+k");
  await expect(box(page)).toBeFocused();

  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("Meta+k");
  await expect(box(page)).toBeFocused();

  // In another field, "/" is a character like any other.
  await page.goto("/alerts/tools");
  const field = page.getByLabel("Stream id");
  await field.fill("a");
  await field.press("/");
  await expect(field).toHaveValue("a/");
  await expect(field).toBeFocused();
  // The shortcut is announced on the box itself.
  await expect(box(page)).toHaveAttribute("aria-keyshortcuts", /Control\+K/);
});
