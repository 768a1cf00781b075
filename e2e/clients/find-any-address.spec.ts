import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { createClientInUi, generateWallets } from "../fixtures/sandbox";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { unfoldWallets } from "../fixtures/wallets";

/**
 * Every address a client's page shows finds that client from the header's search: the owner key of
 * an account-abstracted client included, which the upstream's record does not list (the page works it
 * out from the wallet's public key), so a scan of the records alone answered "No client has this address".
 */

test.use({ storageState: storageState("developer") });

/** The addresses the page shows, by the label beside each (read off the page, as a person copies them). */
async function shownAddresses(page: Page): Promise<Map<string, string>> {
  const shown = new Map<string, string>();
  const copyAddress = page.getByRole("button", { name: /^Copy .+ address$/ });
  for (const card of await page.getByRole("article", { name: /wallet$/ }).all()) {
    for (const value of await card.locator("dd").filter({ has: copyAddress }).all()) {
      const label = (await value.getByRole("button").getAttribute("aria-label"))!
        .replace(/^Copy /, "")
        .replace(/ address$/, "");
      shown.set(label, (await value.textContent())!.trim());
    }
  }
  return shown;
}

async function findFromHeader(page: Page, address: string) {
  await page.goto("/clients");
  const box = page.getByLabel("Find a client by id or address");
  await box.fill(address);
  await box.press("Enter");
}

test("[CLIENTS][find-any-address] every address an account-abstracted client's page shows finds the client, its owner key included", async ({
  page,
}) => {
  test.slow();
  const { clientId, clientApiKey } = await createClientInUi(page, { accountAbstracted: true });
  await generateWallets(clientApiKey);

  await page.goto(`/clients/${clientId}`);
  await expect(page.getByText("EVM owner key", { exact: true })).toBeVisible();
  const shown = await shownAddresses(page);
  // What the issue reported, and every other kind the page shows beside it.
  expect([...shown.keys()]).toEqual(
    expect.arrayContaining(["EVM smart account", "EVM owner key", "Solana", "Bitcoin (mainnet)", "Tron", "Stellar"]),
  );
  expect(shown.get("EVM owner key")!.toLowerCase()).not.toBe(shown.get("EVM smart account")!.toLowerCase());

  for (const [label, address] of shown) {
    await test.step(`${label}: ${address}`, async () => {
      await findFromHeader(page, address);
      // One match: the client's page opens by itself once the scan reaches it.
      await expect(page.getByTestId("client-id"), `${label} finds the client`).toHaveText(clientId, {
        timeout: 30_000,
      });
    });
  }

  // The owner key typed as a wallet shows it (checksummed), found the same.
  await findFromHeader(page, shown.get("EVM owner key")!.toUpperCase().replace(/^0X/, "0x"));
  await expect(page.getByTestId("client-id")).toHaveText(clientId, { timeout: 30_000 });
  await expect(page.getByText("EVM owner key", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await screens(page, "clients-found-by-owner-key", async () => {
    await unfoldWallets(page);
    await expect(page.getByText("EVM owner key", { exact: true })).toBeVisible();
  });
});
