import { expect, test, type Page } from "@playwright/test";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("support") });

const idCells = (page: Page) => page.getByRole("table", { name: "Clients" }).locator("tbody tr td:first-child a");
const ids = (page: Page) => idCells(page).allTextContents();

test.describe("[CLIENTS] list", () => {
  test("[CLIENTS][paging] pages through every client both ways with none skipped or repeated; reload and back keep the page", async ({
    page,
  }) => {
    await page.goto("/clients?take=50");
    const range = page.getByTestId("page-range");
    await expect(range).toHaveText(/^1–50 of \d+$/);
    const total = Number((await range.textContent())!.split(" of ")[1]);
    expect(total).toBeGreaterThanOrEqual(250);

    // As many pages as the total says; Next is enabled on each but the last (waited for, not read once:
    // the button is disabled until the page has hydrated).
    const pages: string[][] = [];
    const next = page.getByRole("button", { name: "Next" });
    for (let index = 0; index < Math.ceil(total / 50); index++) {
      if (index > 0) {
        await expect(next).toBeEnabled();
        await next.click();
        await expect(range).toHaveText(new RegExp(`^${index * 50 + 1}–`));
        await expect(idCells(page).first()).not.toHaveText(pages[index - 1]![0]!);
      }
      await expect(idCells(page).first()).toBeVisible();
      pages.push(await ids(page));
    }
    await expect(next).toBeDisabled();
    const all = pages.flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);

    // Reload and browser back keep the page the URL names.
    const last = pages.at(-1)!;
    await page.reload();
    await expect(idCells(page)).toHaveText(last);
    await page.goBack();
    await expect(range).toHaveText(new RegExp(`^${(pages.length - 2) * 50 + 1}–`));
    await expect(idCells(page)).toHaveText(pages.at(-2)!);

    // And Previous walks back to the first page with the same rows.
    for (let i = pages.length - 2; i > 0; i--) {
      await page.getByRole("button", { name: "Previous" }).click();
      await expect(range).toHaveText(new RegExp(`^${(i - 1) * 50 + 1}–`));
      await expect(idCells(page)).toHaveText(pages[i - 1]!);
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

  test("[CLIENTS][go-to] the header box opens a client by id; an unknown or malformed id is explained", async ({
    page,
  }) => {
    await page.goto("/clients?take=10");
    // Read only once the page's ten rows are there (a retrying assertion, not a one-off read).
    await expect(idCells(page)).toHaveCount(10);
    const fourth = idCells(page).nth(3);
    await expect(fourth).toHaveText(/^\S+$/);
    const target = (await fourth.textContent())!.trim();
    const search = page.getByRole("search").getByLabel("Find a client by id or address");
    await search.fill(target);
    await search.press("Enter");
    await expect(page.getByTestId("client-id")).toHaveText(target);
    await search.fill("cnotarealclient0000000000");
    await search.press("Enter");
    await expect(page.getByTestId("search-panel")).toContainText("No client has the id cnotarealclient0000000000");
    await search.fill("bad id!");
    await search.press("Enter");
    await expect(page.getByTestId("search-panel")).toContainText("neither a client id nor an address");
    await page.goto("/clients/cnotarealclient0000000000");
    await expect(page.getByRole("heading", { name: "No such client" })).toBeVisible();
  });

  test("[CLIENTS][find] the header box finds a client by address on the server, scanning every page", async ({
    page,
  }) => {
    await page.goto("/clients?take=100");
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("page-range")).toHaveText(/^201–/);
    const row = page.getByRole("table", { name: "Clients" }).locator("tbody tr").nth(10);
    const id = (await row.locator("td:first-child a").textContent())!.trim();
    const evm = (await row.getByTitle(/^0x[0-9a-fA-F]{40}$/).getAttribute("title"))!;

    await page.goto("/audit");
    const search = page.getByRole("search").getByLabel("Find a client by id or address");
    await search.fill(evm.toUpperCase().replace("0X", "0x"));
    await search.press("Enter");
    // One match: the client opens by itself once the server-side scan reaches its page.
    await expect(page.getByTestId("client-id")).toHaveText(id);

    await search.fill("0x000000000000000000000000000000000000dEaD");
    await search.press("Enter");
    await expect(page.getByTestId("search-panel")).toContainText(/No client has this address \((\d+) scanned\)/);
    const scanned = Number(/\((\d+) scanned\)/.exec((await page.getByTestId("search-panel").textContent())!)![1]);
    expect(scanned).toBeGreaterThanOrEqual(250);
  });
});
