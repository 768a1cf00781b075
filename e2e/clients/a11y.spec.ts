import { expect, test, type Page } from "@playwright/test";
import { axe } from "../fixtures/axe";
import { keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

async function expectAccessible(page: Page, name: string) {
  const results = await axe(page);
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await keepShot(page, `.data/screens/${name}.png`, { fullPage: true });
}

test("[A11Y][clients] list, detail and the eject wizard", async ({ page }) => {
  await page.goto("/clients");
  await expect(page.getByTestId("page-range")).toBeVisible();
  await expectAccessible(page, "clients-list");
  const id = (await page
    .getByRole("table", { name: "Clients" })
    .locator("tbody tr td:first-child a")
    .first()
    .textContent())!.trim();
  await page.goto(`/clients/${id}`);
  await expect(page.getByRole("table", { name: /Balances on/ })).toBeVisible();
  await expectAccessible(page, "client-detail");
  await page.goto(`/clients/${id}?tab=eject`);
  await expect(page.getByRole("form", { name: "Request an eject" })).toBeVisible();
  await expectAccessible(page, "client-eject");
  await page.goto(`/clients/${id}?tab=transfer`);
  await expect(page.getByRole("button", { name: "Build unsigned transfer" })).toBeVisible();
  await expectAccessible(page, "client-transfer");
});
