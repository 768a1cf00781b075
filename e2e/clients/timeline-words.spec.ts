import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "../fixtures/axe";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * Words, not codes, where staff read what happened: the timeline calls the wallet lab's NATIVE by the
 * chain's coin (SOL on Solana Devnet, POL on Polygon Amoy) and a transfer built with Solana's USDC mint
 * "USDC"; the overview's latest audit records say what happened ("Unsigned transfer built", not
 * transfers.build); the pending actions page says "No pending actions" rather than "0 of 0".
 */

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageState("developer") });

const SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const POLYGON_AMOY = "eip155:80002";
/** Circle's USDC mint on Solana mainnet, as a person would paste it from an explorer. */
const USDC_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const SOLANA_RECIPIENT = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const EVM_RECIPIENT = "0x1111111111111111111111111111111111111111";

let clientId: string;

async function labSend(page: Page, chain: string, chainName: string, to: string) {
  const form = page.getByRole("form", { name: "Send assets" });
  await form.getByLabel("Chain", { exact: true }).selectOption(chain);
  await form.getByLabel("To (recipient address)").fill(to);
  await form.getByLabel("Token", { exact: true }).selectOption("NATIVE");
  await form.getByLabel("Amount (whole units)").fill("0.01");
  await form.getByRole("button", { name: "Send" }).click();
  const results = page.getByRole("status", { name: "Send results" });
  await expect(results).toContainText(` on ${chainName}.`);
  // Accepted (Solana, not followed on chain) or confirmed (EVM): the lab's record is written by then.
  await expect(results.getByTestId("lab-send-status")).toHaveText(/^(Sent|Confirmed)$/, { timeout: 30_000 });
}

test("[CLIENTS][timeline-words] the timeline names the chain's coin and a mint's symbol", async ({ page }) => {
  test.slow();
  clientId = await createTestClientWithWallets(page);
  await labSend(page, SOLANA_DEVNET, "Solana Devnet", SOLANA_RECIPIENT);
  await labSend(page, POLYGON_AMOY, "Polygon Amoy", EVM_RECIPIENT);

  await page.goto(`/clients/${clientId}?tab=transfer`);
  const form = page.getByRole("region", { name: "Build transfer" });
  await form.getByLabel("Chain", { exact: true }).selectOption(SOLANA_MAINNET);
  await form.getByLabel("Token", { exact: true }).selectOption({ label: "Other (contract or mint address)" });
  await form.getByLabel(/mint address/i).fill(USDC_MINT);
  await form.getByLabel("To (recipient address)").fill(SOLANA_RECIPIENT);
  await form.getByLabel("Amount (whole units)").fill("25.5");
  await form.getByRole("button", { name: "Build unsigned transfer" }).click();
  await expect(page.getByTestId("built-transfer")).toContainText("Unsigned. Nothing was sent");

  await page.goto(`/clients/${clientId}?tab=timeline`);
  const entries = page.getByTestId("timeline-entry");
  await expect(entries.filter({ hasText: "Unsigned transfer built" })).toContainText(
    `25.5 USDC to ${SOLANA_RECIPIENT} on Solana`,
  );
  await expect(entries.filter({ hasText: `to ${SOLANA_RECIPIENT} on Solana Devnet` })).toContainText(
    `Sent 0.01 SOL to ${SOLANA_RECIPIENT}`,
  );
  await expect(entries.filter({ hasText: `to ${EVM_RECIPIENT} on Polygon Amoy` })).toContainText(
    `Sent 0.01 POL to ${EVM_RECIPIENT}`,
  );
  const timeline = page.getByRole("tabpanel");
  await expect(timeline).not.toContainText("NATIVE");
  await expect(timeline).not.toContainText(/token EPjFWd/);
  await expectAccessible(page);
  await screens(page, "clients-timeline-words", async () => {
    await expect(entries.first()).toBeVisible();
  });
});

test("[OVERVIEW][audit-words] the latest audit records say what happened in words; the drawer keeps the code", async ({
  browser,
}) => {
  const context = await browser.newContext({ storageState: storageState("admin") });
  const page = await context.newPage();
  await page.goto("/");
  const card = page.getByRole("region", { name: "Latest audit records" });
  const links = card.getByRole("listitem").getByRole("link");
  await expect(links.first()).toBeVisible();
  // The last thing the journey above did, as a person would say it.
  await expect(card).toContainText("Unsigned transfer built");
  for (const text of await links.allTextContents())
    expect(text.trim(), "an action shown as its code").not.toMatch(/^[a-z]+\.[a-z-]+$/);
  await expectAccessible(page);
  await screens(page, "overview-audit-words", async () => await expect(links.first()).toBeVisible());

  await card.getByRole("link", { name: "Unsigned transfer built" }).first().click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toContainText("Unsigned transfer built (transfers.build)");
  await context.close();
});

test("[YIELD][pending-words] the pending actions page counts in words, none said as none", async ({ page }) => {
  // What the console's own route holds now (another journey may have left a claim behind).
  const res = await page.request.get("/api/yield/pending");
  expect(res.status()).toBe(200);
  const { rows } = (await res.json()) as { rows: unknown[] };
  await page.goto("/yield/pending");
  const count = page.getByTestId("pending-count");
  if (rows.length === 0) await expect(count).toHaveText(/^No pending actions, across /);
  else await expect(count).toHaveText(new RegExp(`^${rows.length} pending actions?, across `));
  await expect(count).not.toContainText(/\b0 of 0\b/);
  await expectAccessible(page);
  await screens(page, "yield-pending-words", async () => await expect(count).toBeVisible());
});
