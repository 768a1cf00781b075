import { expect, test, type Page } from "@playwright/test";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("support") });

const ids = (page: Page) =>
  page.getByRole("table", { name: "Clients" }).locator("tbody tr td:first-child a").allTextContents();

test.describe("[CLIENTS] list", () => {
  test("[CLIENTS][paging] pages through every client both ways with none skipped or repeated; reload and back keep the page", async ({
    page,
  }) => {
    await page.goto("/clients?take=50");
    const range = page.getByTestId("page-range");
    await expect(range).toHaveText(/^1–50 of \d+$/);
    const total = Number((await range.textContent())!.split(" of ")[1]);
    expect(total).toBeGreaterThanOrEqual(250);

    const pages: string[][] = [];
    for (;;) {
      const shown = await ids(page);
      pages.push(shown);
      const next = page.getByRole("button", { name: "Next" });
      if (await next.isDisabled()) break;
      await next.click();
      await expect(range).toHaveText(new RegExp(`^${pages.length * 50 + 1}–`));
    }
    const all = pages.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);

    // Reload and browser back keep the page the URL names.
    const last = pages.at(-1)!;
    await page.reload();
    expect(await ids(page)).toEqual(last);
    await page.goBack();
    await expect(range).toHaveText(new RegExp(`^${(pages.length - 2) * 50 + 1}–`));
    expect(await ids(page)).toEqual(pages.at(-2));

    // And Previous walks back to the first page with the same rows.
    for (let i = pages.length - 2; i > 0; i--) {
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(range).toHaveText(new RegExp(`^${(i - 1) * 50 + 1}–`));
      expect(await ids(page)).toEqual(pages[i - 1]);
    }
    await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  });

  test("[CLIENTS][page-size] the page size is in the URL and resets to the first page", async ({ page }) => {
    await page.goto("/clients");
    await expect(page.getByTestId("page-range")).toHaveText(/^1–25 of/);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("page-range")).toHaveText(/^26–50 of/);
    await page.getByLabel("Rows").selectOption("10");
    await expect(page).toHaveURL(/take=10/);
    await expect(page.getByTestId("page-range")).toHaveText(/^1–10 of/);
    await page.goto("/clients?take=7");
    await expect(page.getByText("Page size must be 10, 25, 50 or 100")).toBeVisible();
  });

  test("[CLIENTS][go-to] goes to a client by id, and an unknown id is a not-found page", async ({ page }) => {
    await page.goto("/clients?take=10");
    const target = (await ids(page))[3]!;
    await page.getByLabel("Client id", { exact: true }).fill(target);
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByTestId("client-id")).toHaveText(target);
    await page.goto("/clients/cnotarealclient0000000000");
    await expect(page.getByRole("heading", { name: "No such client" })).toBeVisible();
    await page.goto("/clients");
    await page.getByLabel("Client id", { exact: true }).fill("bad id!");
    await page.getByRole("button", { name: "Go", exact: true }).click();
    await expect(page.getByText("That is not a client id")).toBeVisible();
  });

  test("[CLIENTS][find] finds a client by address across pages, with progress", async ({ page }) => {
    await page.goto("/clients?take=100&cursors=");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    const row = page.getByRole("table", { name: "Clients" }).locator("tbody tr").nth(10);
    const id = (await row.locator("td:first-child a").textContent())!.trim();
    await row.locator("td:first-child a").click();
    const evm = (await page
      .getByRole("article", { name: "SECP256K1 wallet" })
      .locator("dd")
      .filter({ hasText: /^0x[0-9a-fA-F]{40}$/ })
      .first()
      .textContent())!.trim();
    await page.goto("/clients");
    await page.getByLabel("Address", { exact: true }).fill(evm.toLowerCase());
    await page.getByRole("button", { name: "Scan all pages" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Found" })).toContainText(id);
    await page.getByLabel("Address", { exact: true }).fill("0x000000000000000000000000000000000000dEaD");
    await page.getByRole("button", { name: "Scan all pages" }).click();
    await expect(page.getByText(/No client has this address \(\d+ scanned\)/)).toBeVisible();
  });
});
