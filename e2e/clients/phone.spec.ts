import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { expectNoSidewaysScroll, keepShot, VIEWPORTS } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * The clients area at phone width (390 px), as someone on a phone meets it: the list as labelled
 * rows, the header's controls in reach, every tab of a client in sight.
 */
test.use({ storageState: storageState("support") });

const clientsTable = (page: Page) => page.getByRole("table", { name: "Clients" });

/** The label a phone-width cell shows before its value (CSS generated content, as the eye reads it). */
const shownLabel = (cell: Locator) =>
  cell.evaluate((td) => getComputedStyle(td, "::before").content.replace(/^"|"$/g, ""));

/** The element's box lies wholly inside the window, and its own content is not cut off. */
async function expectWhollyShown(locator: Locator, page: Page) {
  await expect(locator).toBeInViewport({ ratio: 1 });
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
}

test("[CLIENTS][phone-rows] at 390 px each client is a block of labelled values, the same as the desktop columns", async ({
  page,
}) => {
  await page.goto("/clients?take=10");
  await expect(page.getByTestId("page-range")).toHaveText(/^1–10 of/);
  // At desktop width: a table with its column headers, and the first client's values under them (waited
  // for, not read once: a read at the wrong moment once found no table, the page range already shown).
  const headers = ["Client", "Created (UTC)", "Account abstraction", "EVM address", "Solana address", "Eject"];
  await expect(clientsTable(page).locator("thead th")).toHaveText(headers);
  const firstRow = clientsTable(page).locator("tbody tr").first();
  await expect(firstRow.locator("td")).toHaveCount(headers.length);
  const values = (await firstRow.locator("td").allInnerTexts()).map((v) => v.trim());

  await page.setViewportSize(VIEWPORTS.phone);
  await expect(clientsTable(page).locator("thead")).toBeHidden();
  const cells = firstRow.locator("td");
  await expect(cells).toHaveCount(headers.length);
  for (let i = 0; i < headers.length; i++) {
    const cell = cells.nth(i);
    // Each value carries its column's name beside it, and the value is the one the desktop showed.
    expect(await shownLabel(cell)).toBe(headers[i]);
    await expect(cell).toContainText(values[i]!.split("\n")[0]!);
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  }
  // Label beside value: one line per value, stacked, the row as wide as the table.
  const [a, b] = [(await cells.nth(0).boundingBox())!, (await cells.nth(1).boundingBox())!];
  expect(b.y).toBeGreaterThanOrEqual(a.y + a.height - 1);
  const rowBox = (await firstRow.boundingBox())!;
  expect(rowBox.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  await expectNoSidewaysScroll(page);
  // The client link still opens the client.
  const id = values[0]!.split("\n")[0]!.trim();
  await firstRow.getByRole("link", { name: id }).click();
  await expect(page.getByTestId("client-id")).toHaveText(id);
});

test("[CLIENTS][phone-header] at 390 px the search box, the theme switch and sign out are in sight and reachable by keyboard", async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto("/clients");
  await expect(page.getByTestId("page-range")).toHaveText(/of \d+/);
  const search = page.getByRole("search").getByLabel("Find a client by id or address");
  const theme = page.getByRole("button", { name: /^Theme: / });
  const signOut = page.getByRole("button", { name: "Sign out" });
  for (const control of [search, theme, signOut]) await expectWhollyShown(control, page);

  // Tab from the top of the page reaches each of them.
  const controls = { search, theme, "sign out": signOut };
  const reached = new Set<string>();
  await page.locator("body").focus();
  for (let i = 0; i < 25 && reached.size < 3; i++) {
    await page.keyboard.press("Tab");
    for (const [name, control] of Object.entries(controls))
      if (await control.evaluate((el) => el === document.activeElement)) reached.add(name);
  }
  expect([...reached].sort()).toEqual(["search", "sign out", "theme"]);

  // And they work: the switch goes round light → dark → system; the search opens a client.
  for (let i = 0; i < 3 && !(await theme.getAttribute("aria-label"))!.startsWith("Theme: dark."); i++)
    await theme.click();
  await expect(theme).toHaveAttribute("aria-label", /^Theme: dark\. Switch to system$/);
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const id = (await clientsTable(page).getByRole("link").first().textContent())!.trim();
  await search.fill(id);
  await search.press("Enter");
  await expect(page.getByTestId("client-id")).toHaveText(id);
});

test("[CLIENTS][phone-tabs] at 390 px every tab of a client is whole and in sight, and the keyboard walks them", async ({
  page,
}) => {
  await page.goto("/clients?take=10");
  const id = (await clientsTable(page).locator("tbody tr td:first-child a").first().textContent())!.trim();
  await page.setViewportSize(VIEWPORTS.phone);
  await page.goto(`/clients/${id}`);
  const tabs = page.getByRole("tablist", { name: "Client tools" }).getByRole("tab");
  // Support's tabs.
  await expect(tabs).toHaveText(["Assets", "Build transfer", "Credentials", "Eject", "Timeline"]);
  await keepShot(page, ".data/screens/client-phone.png");
  // The client's tools are within the first screen: each wallet card shows its first address and folds the rest.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  for (const tab of await tabs.all()) await expectWhollyShown(tab, page);
  const wallet = page.getByRole("article").first();
  const fold = wallet.getByRole("button", { name: /^All (its address|\d+ addresses), its key and shares$/ });
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await expect(wallet.getByText("Public key", { exact: true })).toBeHidden();
  await fold.click();
  await expect(wallet.getByText("Public key", { exact: true })).toBeVisible();
  await expect(wallet.getByRole("button", { name: "Fewer details" })).toHaveAttribute("aria-expanded", "true");
  await expectAccessible(page);
  await keepShot(page, ".data/screens/client-phone-unfolded.png", { fullPage: true });
  await page.getByRole("tablist", { name: "Client tools" }).scrollIntoViewIfNeeded();
  for (const tab of await tabs.all()) await expectWhollyShown(tab, page);

  await tabs.first().focus();
  await page.keyboard.press("End");
  const timeline = page.getByRole("tab", { name: "Timeline" });
  await expect(timeline).toBeFocused();
  await expect(timeline).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/tab=timeline/);
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Eject" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Eject" })).toHaveAttribute("aria-selected", "true");
});
