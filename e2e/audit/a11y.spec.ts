import { expect, test } from "@playwright/test";
import { auditRows, recordDrawer } from "../fixtures/audit";
import { expectAccessible } from "../fixtures/axe";
import { setTheme } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("compliance") });

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
