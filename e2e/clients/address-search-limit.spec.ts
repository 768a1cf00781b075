import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { sandboxRules } from "../fixtures/sandbox-api";
import { createStaff, signedInPage } from "../fixtures/staff";

/**
 * One person may have three address searches going at once (each reads every client page of the
 * shared upstream budget). The fourth is refused in the search panel, naming the three in words,
 * each with Cancel; cancelling one lets the fourth start. Searching an address already being
 * searched joins that search, even at the limit.
 */

// The scans' page reads (100 clients at a time) answer slowly, so the searches are still going.
const SLOW_SCANS = [{ path: "/custodians/me/clients\\?take=100", latencyMs: 25_000 }];
const address = (digit: string) => `0x${digit.repeat(40)}`;
const short = (digit: string) => `0x${digit.repeat(4)}…${digit.repeat(4)}`;

async function search(page: Page, value: string) {
  const box = page.getByRole("search").getByLabel("Find a client by id or address");
  await box.fill(value);
  await box.press("Enter");
}

async function stopSearch(page: Page, value: string) {
  await search(page, value);
  await scanInProgress(page).getByRole("button", { name: "Cancel" }).click({ timeout: 5_000 });
  await expect(panel(page)).toContainText(/Cancelled after|No client has this address/);
}

const panel = (page: Page) => page.getByTestId("search-panel");
const scanInProgress = (page: Page) => panel(page).getByRole("status", { name: "Scan of every client" });

test("[CLIENTS][find-limit] a fourth address search is refused naming the three going; cancelling one lets it start", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A person of their own, so no other journey's searches hold places.
  const user = await createStaff(browser, "support", "search-limit");
  const { context, page } = await signedInPage(browser, user, "/clients");
  await sandboxRules(SLOW_SCANS);
  try {
    for (const digit of ["1", "2", "3"]) {
      await search(page, address(digit));
      await expect(scanInProgress(page)).toBeVisible();
    }

    await search(page, address("4"));
    const refusal = panel(page).getByRole("alert");
    await expect(refusal).toContainText(
      new RegExp(
        `^You already have 3 address searches going, and one person may have 3 at a time: ` +
          `${short("1")} \\([^)]+\\); ${short("2")} \\([^)]+\\); ${short("3")} \\([^)]+\\)\\. ` +
          `Wait for one to finish or cancel one, then start again\\.`,
      ),
    );
    const going = panel(page).getByRole("list", { name: "Your runs already going" });
    await expect(going.getByRole("listitem")).toHaveCount(3);
    await expect(scanInProgress(page)).toHaveCount(0);
    await expectAccessible(page);

    await going.getByRole("button", { name: `Cancel ${short("2")}` }).click();
    await expect(going.getByRole("status")).toHaveText("Cancelled: you can start again.");
    await panel(page).getByRole("button", { name: "Search again" }).click();
    await expect(scanInProgress(page)).toBeVisible();
    await expect(panel(page)).toContainText(address("4"));
    await expect(refusal).toHaveCount(0);

    // At the limit again, searching an address that is being searched joins that search.
    await search(page, address("1"));
    await expect(scanInProgress(page)).toBeVisible();
    await expect(panel(page).getByRole("alert")).toHaveCount(0);
  } finally {
    await sandboxRules([]);
    // Stop the searches still going, so they hold no worker another journey's search needs: a
    // search of an address being searched joins it and offers its Cancel.
    for (const digit of ["1", "3", "4"]) await stopSearch(page, address(digit)).catch(() => undefined);
    await context.close();
  }
});
