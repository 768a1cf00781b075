import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { auditRows, recordDrawer } from "../fixtures/audit";
import { setTheme } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const theme of ["light", "dark"] as const) {
  test(`[A11Y][audit-drawer] the audit page with a record's drawer open, ${theme}`, async ({ page }) => {
    await page.goto("/audit");
    await setTheme(page, theme);
    await auditRows(page)
      .first()
      .getByRole("button", { name: /^Details of record/ })
      .click();
    await expect(recordDrawer(page).getByTestId("record-seal")).toBeVisible();
    await expectAccessible(page);
  });
}
