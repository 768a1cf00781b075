import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { webhookByRole } from "../fixtures/sandbox-api";
import { VIEWPORTS, keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

const picker = (page: Page) => page.getByRole("dialog", { name: "Chains" });
const boxes = (page: Page) => picker(page).getByRole("checkbox");

/** The open picker lies inside the window, with nothing cut at either edge. */
async function expectInsideWindow(page: Page, width: number) {
  const box = (await picker(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const overflow = await picker(page).evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Typing in the filter box narrows the list to the chains whose name or id has the text. */
async function expectFilterNarrows(page: Page, text: string) {
  const before = await boxes(page).count();
  expect(before).toBeGreaterThan(2);
  await picker(page).getByLabel("Filter chains by name or id").fill(text);
  await expect.poll(() => boxes(page).count()).toBeLessThan(before);
  const names = await boxes(page).evaluateAll((els) => els.map((el) => el.closest("label")?.textContent ?? ""));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name.toLowerCase()).toContain(text);
  await picker(page).getByLabel("Filter chains by name or id").fill("");
  await expect(boxes(page)).toHaveCount(before);
}

async function expectClosesLikeAMenu(page: Page, trigger: Locator, outside: Locator) {
  await trigger.click();
  await expect(picker(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(picker(page)).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await trigger.click();
  await expect(picker(page)).toBeVisible();
  await outside.click();
  await expect(picker(page)).toHaveCount(0);
}

test("[ALERTS][chain-picker] the events chains picker closes on Escape, outside click and Apply, stays in the window, and filters", async ({
  page,
}) => {
  const failing = await webhookByRole("failing");
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto(`/alerts/${failing.id}`);
    await page.getByRole("button", { name: /^Filters/ }).click();
    const form = page.getByRole("form", { name: "Filter events" });
    const trigger = form.getByRole("button", { name: /^Chains/ });
    await expectClosesLikeAMenu(page, trigger, page.getByRole("heading", { level: 1 }));
    await trigger.click();
    await expectInsideWindow(page, viewport.width);
    await expectFilterNarrows(page, "sepolia");
    await expectAccessible(page);
    await keepShot(page, `.data/screens/events-chain-picker-${width}.png`);
    // Its own Done closes it and keeps the choice for the form's Apply.
    await picker(page).getByRole("checkbox", { name: "Sepolia eip155:11155111" }).check();
    await picker(page).getByRole("button", { name: "Done" }).click();
    await expect(picker(page)).toHaveCount(0);
    await expect(trigger).toContainText("Sepolia");
  }
  // Apply of the form, pressed while the picker is open, closes it and applies the chains.
  await page.setViewportSize(VIEWPORTS.desktop);
  const form = page.getByRole("form", { name: "Filter events" });
  await form.getByRole("button", { name: /^Chains/ }).click();
  await expect(picker(page)).toBeVisible();
  await form.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(picker(page)).toHaveCount(0);
  await expect(page).toHaveURL(/chains=eip155:11155111/);
});

test("[GAS][chain-picker] the gas chains picker is the same one: closes like a menu, stays in the window, filters", async ({
  page,
}) => {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.goto("/gas");
    const trigger = page.getByRole("button", { name: /^Chains/ });
    await expectClosesLikeAMenu(page, trigger, page.getByRole("heading", { level: 1 }));
    await trigger.click();
    await expectInsideWindow(page, viewport.width);
    await expectFilterNarrows(page, "base");
    await expectAccessible(page);
    await keepShot(page, `.data/screens/gas-chain-picker-${width}.png`);
    await page.keyboard.press("Escape");
  }
});
