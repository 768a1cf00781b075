import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { webhookByRole } from "../fixtures/sandbox-api";
import { createStaff, signedInPage } from "../fixtures/staff";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin"), viewport: { width: 1280, height: 800 } });

/**
 * Every table on the page: the table itself and each box around it up to the page fits its width
 * (nothing scrolls sideways inside), and it ends inside the window. Returns what does not fit.
 */
async function overflowingTables(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    for (const table of document.querySelectorAll<HTMLElement>("table, [role=table]")) {
      const name = table.getAttribute("aria-label") ?? table.querySelector("caption")?.textContent ?? table.tagName;
      if (table.getBoundingClientRect().right > width + 1) problems.push(`${name}: ends past the window`);
      for (let el: HTMLElement | null = table; el && el !== document.body; el = el.parentElement)
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
          problems.push(
            `${name}: ${el.tagName.toLowerCase()} scrolls sideways by ${el.scrollWidth - el.clientWidth}px`,
          );
      for (const cell of table.querySelectorAll<HTMLElement>("td, th, [role=cell], [role=columnheader]"))
        if (cell.getBoundingClientRect().right > table.getBoundingClientRect().right + 1) {
          problems.push(`${name}: a cell ends past the table`);
          break;
        }
    }
    return problems;
  });
}

test("[TABLES][fit] at 1280 px no table in the console is wider than its box; a long actor is cut with its full text kept", async ({
  page,
  browser,
}) => {
  // Nine pages, a new staff member's sign-in and an address search: 51 s on a quiet machine, over the
  // default 60 s under the stress run's burners (no one step slow, every one slower).
  test.setTimeout(150_000);
  // A staff member with a long e-mail signs in: the audit log's actor column gets a long value.
  const long = await createStaff(browser, "compliance", "compliance-reviewer-with-a-long-name");
  const { context } = await signedInPage(browser, long, "/");
  await context.close();

  // An address search: its audit record's target is a 42-character address with no place to wrap.
  const address = "0x000000000000000000000000000000000000dEaD";
  await page.goto("/clients");
  await page.getByLabel("Find a client by id or address").fill(address);
  await page.getByLabel("Find a client by id or address").press("Enter");
  await expect(page.getByTestId("search-panel")).toContainText("Looking for the client");
  await page.keyboard.press("Escape");
  const client = {
    id: (await page
      .getByRole("table", { name: "Clients" })
      .locator("tbody tr td:first-child a")
      .first()
      .textContent())!.trim(),
  };
  const failing = await webhookByRole("failing");
  const pages: [string, string | RegExp][] = [
    ["/clients", "Clients"],
    [`/clients/${client.id}`, /Balances on/],
    ["/alerts", "Alert webhooks"],
    [`/alerts/${failing.id}`, "Events, newest first"],
    ["/audit", "Audit records, newest first"],
    ["/users", "Staff users"],
    ["/gas", /^Gas sponsored per month/],
    [`/yield?client=${client.id}`, "Yield opportunities, by reward rate"],
  ];
  for (const [path, table] of pages) {
    await page.goto(path);
    await expect(page.getByRole("table", { name: table }).first()).toBeVisible();
    expect(await overflowingTables(page), path).toEqual([]);
  }

  // The audit log: the long actor is in the table, cut to its column, its full text on the cell.
  await page.goto("/audit");
  const actor = page.getByRole("table", { name: "Audit records, newest first" }).locator(`[title="${long.email}"]`);
  await expect(actor.first()).toBeVisible();
  const target = page.getByRole("table", { name: "Audit records, newest first" }).locator(`[title="${address}"]`);
  await expect(target.first()).toBeVisible();
  // Cut, not wrapped: the address is wider than the room it is given, and says so with its ellipsis.
  expect(await target.first().evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await overflowingTables(page)).toEqual([]);
  const details = page.getByRole("button", { name: /^Details of record/ }).first();
  const right = await details.evaluate((el) => el.getBoundingClientRect().right);
  expect(right).toBeLessThanOrEqual(1280);
  await expectAccessible(page);
});
