import { expect, test } from "@playwright/test";
import { createClientInUi, generateWallets } from "../fixtures/sandbox";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { storageState } from "../fixtures/users";

/**
 * Build transfer on the sandbox upstream, which builds EVM, Solana and Bitcoin transfers and refuses
 * Tron and Stellar (sandbox/README.md, build-transaction choice 21): the picker offers only what it
 * can build and says why the rest is missing; a chain change clears what belonged to the old chain;
 * the timeline names the token by its symbol.
 */

test.describe.configure({ mode: "serial" });

let clientId: string;
const RECIPIENT = "0x1111111111111111111111111111111111111111";

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext({ storageState: storageState("developer") });
  const page = await context.newPage();
  const created = await createClientInUi(page);
  await generateWallets(created.clientApiKey);
  clientId = created.clientId;
  await context.close();
});

test.use({ storageState: storageState("support") });

test("[CLIENTS][transfer-offered] only buildable chains are offered, the others are explained; a chain change clears recipient and amount; the timeline says the symbol", async ({
  page,
}) => {
  await page.goto(`/clients/${clientId}?tab=transfer`);
  const form = page.getByRole("region", { name: "Build transfer" });
  const chain = form.getByLabel("Chain", { exact: true });
  await expect(form.getByRole("button", { name: "Build unsigned transfer" })).toBeEnabled();
  const offered = await chain.locator("option").allTextContents();
  expect(offered.length).toBeGreaterThan(5);
  for (const refused of ["Tron", "Stellar"])
    expect(
      offered.filter((o) => o.startsWith(refused)),
      `${refused} is not offered`,
    ).toEqual([]);
  const note = form.getByTestId("chains-not-offered");
  await expect(note).toContainText("Tron");
  await expect(note).toContainText("Stellar");
  await expect(note).toContainText("cannot build");

  // Recipient and amount belong to the chain they were typed for.
  await form.getByLabel("To (recipient address)").fill(RECIPIENT);
  await form.getByLabel("Amount (whole units)").fill("1");
  await chain.selectOption("eip155:84531");
  await expect(form.getByLabel("To (recipient address)")).toHaveValue("");
  await expect(form.getByLabel("Amount (whole units)")).toHaveValue("");

  // An ERC-20 the client holds (the faucet's USDC on Sepolia), sent by its contract address.
  await chain.selectOption("eip155:11155111");
  const token = form.getByLabel("Token", { exact: true });
  const usdc = token.locator("option", { hasText: /^USDC · 0x/ });
  await expect(usdc).toHaveCount(1);
  await token.selectOption({ label: (await usdc.textContent())! });
  await form.getByLabel("To (recipient address)").fill(RECIPIENT);
  await form.getByLabel("Amount (whole units)").fill("1.5");
  await form.getByRole("button", { name: "Build unsigned transfer" }).click();
  await expect(page.getByTestId("built-transfer")).toContainText("Unsigned. Nothing was sent");
  await expectAccessibleSettled(page);

  await page.goto(`/clients/${clientId}?tab=timeline`);
  const entry = page.getByTestId("timeline-entry").filter({ hasText: "Unsigned transfer built" });
  await expect(entry).toContainText(`1.5 USDC to ${RECIPIENT} on Sepolia`);
  // The token's contract address is not how staff know it.
  await expect(entry).not.toContainText(/USDC.*0x[0-9a-fA-F]{40}.*0x[0-9a-fA-F]{40}/);
  const text = await entry.innerText();
  expect(text.match(/0x[0-9a-fA-F]{40}/g)).toEqual([RECIPIENT]);
});
