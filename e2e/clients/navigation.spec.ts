import { expect, test } from "@playwright/test";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("support") });

test("[CLIENTS][back] “← Clients” returns to the list page the user came from", async ({ page }) => {
  await page.goto("/clients?take=10");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("page-range")).toHaveText(/^21–30 of/);
  const listUrl = page.url();
  const first = page.getByRole("table", { name: "Clients" }).locator("tbody tr td:first-child a").first();
  const id = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByTestId("client-id")).toHaveText(id);
  // Switching tabs on the client does not make the client the page to return to.
  await page.getByRole("tab", { name: "Eject" }).click();
  await page.getByRole("main").getByRole("link", { name: "Clients", exact: true }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByTestId("page-range")).toHaveText(/^21–30 of/);
});

test("[CLIENTS][back-elsewhere] from the audit log or a fresh tab, the link says where it goes", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageState("compliance") });
  const page = await context.newPage();
  await page.goto("/clients?take=10");
  const id = (await page
    .getByRole("table", { name: "Clients" })
    .locator("tbody tr td:first-child a")
    .first()
    .textContent())!.trim();
  await page.goto("/audit?outcome=error");
  await page.getByRole("search").getByLabel("Find a client by id or address").fill(id);
  await page.getByRole("search").getByLabel("Find a client by id or address").press("Enter");
  await expect(page.getByTestId("client-id")).toHaveText(id);
  await page.getByRole("main").getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page).toHaveURL(/\/audit\?outcome=error$/);

  const fresh = await context.newPage();
  await fresh.goto(`/clients/${id}`);
  await fresh.getByRole("main").getByRole("link", { name: "Clients", exact: true }).click();
  await expect(fresh).toHaveURL(/\/clients$/);
  await context.close();
});
