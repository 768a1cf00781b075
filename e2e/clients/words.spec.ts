import { expect, test } from "@playwright/test";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { expectAccessibleSettled } from "../fixtures/toasts";
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

  // The list marks it: the newest clients come last in the upstream's order. Its page is found
  // through the console's own list route, then opened by the URL the list keeps its cursors in.
  const cursors: string[] = [];
  for (;;) {
    const cursor = cursors.at(-1);
    const listed = await page.request.get(`/api/clients?take=100${cursor ? `&cursor=${cursor}` : ""}`);
    const body = (await listed.json()) as { results: { id: string }[]; metadata: { cursor: string | null } };
    if (body.results.some((c) => c.id === clientId)) break;
    expect(body.metadata.cursor, "the client is on some page of the list").not.toBeNull();
    cursors.push(body.metadata.cursor!);
  }
  await page.goto(`/clients?take=100${cursors.length > 0 ? `&cursors=${cursors.join(".")}` : ""}`);
  const table = page.getByRole("table", { name: "Clients" });
  const row = table.getByRole("row", { name: new RegExp(clientId) });
  await expect(row).toBeVisible();
  await expect(row.getByText("Test client", { exact: true })).toBeVisible();
  // A seeded client of the first page is not marked.
  await page.goto("/clients");
  await expect(table.getByRole("row").nth(1).getByText("Test client", { exact: true })).toHaveCount(0);
  await expectAccessibleSettled(page);
});
