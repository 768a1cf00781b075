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

test.describe(() => {
  // Compliance: reads clients and the audit log.
  test.use({ storageState: storageState("compliance") });

  test("[CLIENTS][back-after-clients] after going from client to client, the link still returns to the list page", async ({
    page,
  }) => {
    await page.goto("/clients?take=10");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("page-range")).toHaveText(/^11–20 of/);
    const listUrl = page.url();
    const links = page.getByRole("table", { name: "Clients" }).locator("tbody tr td:first-child a");
    const [first, second, third] = (await links.allTextContents()).map((t) => t.trim());
    await links.first().click();
    await expect(page.getByTestId("client-id")).toHaveText(first!);
    // Client to client, by the header box, twice: the list stays the place to return to.
    const search = page.getByRole("search").getByLabel("Find a client by id or address");
    for (const id of [second!, third!]) {
      await search.fill(id);
      await search.press("Enter");
      await expect(page.getByTestId("client-id")).toHaveText(id);
    }
    await page.getByRole("main").getByRole("link", { name: "Clients", exact: true }).click();
    await expect(page).toHaveURL(listUrl);
    await expect(page.getByTestId("page-range")).toHaveText(/^11–20 of/);

    // From the audit log likewise: it says so, and keeps the filter.
    await page.goto("/audit?outcome=ok");
    await search.fill(first!);
    await search.press("Enter");
    await expect(page.getByTestId("client-id")).toHaveText(first!);
    await search.fill(second!);
    await search.press("Enter");
    await expect(page.getByTestId("client-id")).toHaveText(second!);
    await page.getByRole("main").getByRole("link", { name: "Audit log", exact: true }).click();
    await expect(page).toHaveURL(/\/audit\?outcome=ok$/);
  });
});
