import { expect, test } from "@playwright/test";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { storageState } from "../fixtures/users";

/**
 * Words staff read on the clients pages: test clients are marked in the list and found right after
 * they were made. (Times in the timeline, chain names in headings: eject-states.spec.ts and
 * balances-all-chains.spec.ts.)
 */

test.use({ storageState: storageState("developer") });

test("[CLIENTS][test-client-list] a new test client is found by the search box at once and marked in the list", async ({
  page,
}) => {
  test.slow();
  const clientId = await createTestClientWithWallets(page);
  const res = await page.request.get(`/api/clients/${clientId}`);
  const { metadata } = (await res.json()) as { metadata: { namespaces: { eip155?: { address: string } } } };
  const address = metadata.namespaces.eip155!.address;

  // Found by its address, from the header's box, right after creation.
  await page.goto("/clients");
  await page.getByLabel("Find a client by id or address").fill(address);
  await page.getByRole("button", { name: "Find client" }).click();
  await expect(page).toHaveURL(new RegExp(`/clients/${clientId}`), { timeout: 30_000 });

  // The list marks it: the newest clients come last in the upstream's order, so it is on the last page.
  await page.goto("/clients?take=100");
  const table = page.getByRole("table", { name: "Clients" });
  const row = table.getByRole("row", { name: new RegExp(clientId) });
  for (let pages = 0; pages < 5 && !(await row.isVisible()); pages++) {
    await page.getByRole("button", { name: /Next/ }).click();
    await expect(table).not.toHaveAttribute("aria-busy", "true");
    await expect(table.getByRole("row").nth(1)).toBeVisible();
  }
  await expect(row).toBeVisible();
  await expect(row.getByText("Test client", { exact: true })).toBeVisible();
  // A seeded client of the first page is not marked.
  await page.goto("/clients");
  await expect(table.getByRole("row").nth(1).getByText("Test client", { exact: true })).toHaveCount(0);
  await expectAccessibleSettled(page);
});
