import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxRules } from "../fixtures/sandbox-api";
import { screens, setTheme, keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { hoverMonth } from "./truth";

test.use({ storageState: storageState("support") });

/** The chart has drawn its lines and the table its rows. */
const chartReady = (page: Page) => async () => {
  await expect(page.getByTestId("gas-chart").locator(".recharts-line-curve").first()).toBeVisible();
  await expect(page.getByRole("table", { name: /^Gas sponsored per month/ })).toBeVisible();
};

for (const theme of ["light", "dark"] as const) {
  test(`[A11Y][gas] two chains with the chart, the forecast method open, ${theme}`, async ({ page }) => {
    await page.goto("/gas?chains=eip155:1,eip155:8453");
    await setTheme(page, theme);
    await chartReady(page)();
    await expectAccessible(page);
    await page.getByRole("button", { name: "How the forecast is estimated" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page);
  });
}

test("[SCREENS][gas] the page at both widths, then its empty and error states", async ({ page }) => {
  await page.goto("/gas?chains=eip155:1,eip155:8453,eip155:80002");
  const ready = chartReady(page);
  await ready();
  await screens(page, "gas", ready);

  // The tooltip and the forecast's method, in dark mode, kept for people to look at.
  await setTheme(page, "dark");
  const tooltip = await hoverMonth(page, 11, 13);
  await expect(tooltip).toBeVisible();
  await keepShot(page.getByTestId("gas-chart"), ".data/screens/gas-tooltip-dark.png");
  await page.getByRole("button", { name: "How the forecast is estimated" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await keepShot(page, ".data/screens/gas-method-dark.png");
  await page.keyboard.press("Escape");
  await setTheme(page, "light");

  await page.goto("/gas?chains=eip155:11155111&range=6");
  await ready();
  await screens(page, "gas-one-chain", ready);

  try {
    await sandboxRules([{ path: "gas-sponsors/chains/eip155%3A1/usage", fault: "500" }]);
    await page.goto("/gas?chains=eip155:1,eip155:43114");
    const states = async () => {
      await expect(page.getByRole("button", { name: "Retry" })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText("No sponsored gas on Avalanche C-Chain")).toBeVisible();
    };
    await states();
    await screens(page, "gas-states", states);
    await expectAccessible(page);
  } finally {
    await sandboxRules([]);
  }
});
