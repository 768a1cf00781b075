import { expect, test, type Page } from "@playwright/test";
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, type Hex } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { expectPageWithinBudget } from "../fixtures/budget";
import { rpcOn } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * A developer enters a yield on Base Sepolia (not the console's first network): the Enter dialog says
 * what the client holds, the run page's progress bar starts empty and ends full, and the way back
 * from the run shows the new position, as does the positions tab opened with no network chosen.
 */
test.use({ storageState: storageState("developer") });

const BASE_SEPOLIA = 84532;
/** The sandbox's test USDC, the same address on every local chain (sandbox/docs/chains.md, Contracts). */
const USDC = "0xa02d248aE30afBA10d071F80aBEf9aa1f0b1605E";
/** The testnets the sandbox lists yields on (sandbox/docs/yield.md: the catalogue). */
const SANDBOX_TESTNETS = ["eip155:11155111", "eip155:84532", "eip155:80002", "eip155:10143"];

/** The chain's own USDC balance of an address, in whole units. */
async function usdcOnChain(address: string): Promise<string> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [address as Hex] });
  const raw = await rpcOn<Hex>(BASE_SEPOLIA, "eth_call", [{ to: USDC, data }, "latest"]);
  return formatUnits(decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data: raw }), 6);
}

/** How much of its track the progress bar fills, 0 to 1, measured on the page. */
async function filled(page: Page): Promise<number> {
  const bar = page.getByRole("progressbar", { name: "Steps confirmed" });
  const track = await bar.boundingBox();
  const fill = await bar.getByTestId("progress-fill").boundingBox();
  return fill && track ? fill.width / track.width : Number.NaN;
}

test("[YIELD][positions] a run on Base Sepolia: balance in the dialog, progress from empty to full, and the way back shows the position", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const clientId = await createTestClientWithWallets(page);

  // On the sandbox the opportunities are the testnets' unless asked otherwise.
  await page.goto(`/yield?client=${clientId}`);
  const address = (await page.getByTestId("yield-address").textContent())!.trim();
  const form = page.getByRole("form", { name: "Filter opportunities" });
  await expect(form.getByLabel("Network")).toHaveValue("testnets");
  const table = page.getByRole("table", { name: "Yield opportunities, by reward rate" });
  await expect(table.locator("tbody tr").first()).toBeVisible();
  const listed = await table.locator("tbody tr td:nth-child(2) .font-mono").allTextContents();
  expect(listed.length).toBeGreaterThan(0);
  expect(new Set(listed.map((n) => n.trim()))).toEqual(new Set(SANDBOX_TESTNETS));

  // The Enter dialog says what the client holds of the token on that network, with its unit.
  await form.getByLabel("Network").selectOption(`eip155:${BASE_SEPOLIA}`);
  await form.getByLabel("Token (symbol or address)").fill("USDC");
  await form.getByLabel("Type").selectOption("lending");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await table.getByRole("button", { name: /^Enter / }).click();
  const dialog = page.getByRole("dialog", { name: /^Enter / });
  await expect(dialog.getByTestId("available")).toHaveText(
    `Available on Base Sepolia: ${await usdcOnChain(address)} USDC`,
  );
  await expect(dialog.getByText(/^Between 1 USDC and /)).toBeVisible();
  // One more than the chain says the wallet holds: said while typing, and refused under the field in
  // words (not the provider's "arguments.amount: …") when asked anyway.
  const balance = await usdcOnChain(address);
  const more = String(Math.floor(Number(balance.replace(/,/g, ""))) + 1);
  await dialog.getByLabel("Amount (USDC)").fill(more);
  await expect(dialog.getByRole("status").filter({ hasText: "More than the wallet holds" })).toHaveText(
    `More than the wallet holds: ${balance} USDC on Base Sepolia.`,
  );
  await expectAccessible(page);
  await screens(page, "yield-enter-over-balance");
  await dialog.getByRole("button", { name: "Preview transactions" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(`More than the wallet holds: ${balance} USDC on Base Sepolia.`);
  await expect(page).toHaveURL(/\/yield\?/);
  await dialog.getByLabel("Amount (USDC)").fill("10");
  await expect(dialog.getByText("More than the wallet holds")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Preview transactions" }).click();

  // Nothing confirmed yet: the bar is empty and says so.
  await expect(page).toHaveURL(/\/yield\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 2 })).toContainText("Enter 10 USDC");
  const bar = page.getByRole("progressbar", { name: "Steps confirmed" });
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(bar).toHaveAttribute("aria-valuemin", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "2");
  await expect(page.getByTestId("run-progress")).toHaveText("0 of 2 steps confirmed");
  expect(await filled(page)).toBe(0);
  // The steps are named in words, not the provider's enum names.
  const steps = page.getByTestId("run-step");
  await expect(steps.nth(0)).toContainText("Approval");
  await expect(steps.nth(0)).not.toContainText("APPROVAL");
  // Token amounts in a call carry the token's unit.
  await expect(steps.nth(0).getByTestId("step-call")).toContainText("(10 USDC)");
  await expectAccessible(page);
  await screens(page, "yield-run-start", async () => {
    await expect(page.getByTestId("run-progress")).toBeVisible();
  });

  // Every step confirmed: the bar is full.
  const startedAt = Date.now();
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(page.getByTestId("run-progress")).toHaveText("2 of 2 steps confirmed");
  await expect(bar).toHaveAttribute("aria-valuenow", "2");
  await expect.poll(() => filled(page)).toBeCloseTo(1, 2);
  // The sandbox takes each step from waiting to confirmed in about a second; each card still keeps every
  // state it passed through, in order, each at or after the one before, timed after the start was asked for.
  for (let i = 0; i < 2; i++) {
    const moments = await steps
      .nth(i)
      .getByTestId("step-timeline")
      .locator("li[data-state]")
      .evaluateAll((items) =>
        items.map((li) => ({ state: li.getAttribute("data-state"), at: li.querySelector("time")?.dateTime ?? "" })),
      );
    expect(moments.map((m) => m.state)).toEqual([
      "signing",
      "signed and broadcast",
      "reporting the hash",
      "reported",
      "confirmed",
    ]);
    const times = moments.map((m) => Date.parse(m.at));
    expect(times[0]).toBeGreaterThanOrEqual(startedAt - 5_000);
    for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThanOrEqual(times[k - 1] as number);
  }
  await expectAccessible(page);
  await screens(page, "yield-run-end", async () => {
    await expect(page.getByTestId("run-progress")).toBeVisible();
  });
  // The run page's first-load JavaScript, which the budget spec cannot measure without a run.
  await expectPageWithinBudget(page, "/yield/runs/[runId]");

  // The way back opens the client's positions on the run's network, where the new position is.
  await page.getByRole("link", { name: "The client's positions on Base Sepolia" }).click();
  await expect(page).toHaveURL(/tab=positions/);
  await expect(page).toHaveURL(new RegExp(`networks=eip155%3A${BASE_SEPOLIA}|networks=eip155:${BASE_SEPOLIA}`));
  const vault = page.getByRole("region", { name: "Position in USDC Sandbox Lending" });
  await expect(vault.locator("[data-testid=balance][data-type=active]")).toHaveCount(1);
  await expect(vault.getByTestId("balance-amount")).toHaveText(/^\d+(\.\d+)? USDC$/);

  // Opened with no network chosen, the positions are read where the client has runs.
  await page.goto(`/yield?client=${clientId}&tab=positions`);
  await expect(page.getByText("No yield positions", { exact: false })).toHaveCount(0);
  await expect(vault.locator("[data-testid=balance][data-type=active]")).toHaveCount(1);
  await expect(page.getByRole("button", { name: /^Networks read\b.*Base Sepolia/ })).toBeVisible();
  await expectAccessible(page);
  await screens(page, "yield-positions-after-run", async () => {
    await expect(vault).toBeVisible();
  });

  // The console's runs name the action and the amount with its unit.
  await page.getByRole("tab", { name: "Console runs" }).click();
  await expect(page.getByRole("list", { name: "Console runs" }).getByRole("link")).toHaveText(
    /^Enter 10 USDC — base-sepolia-usdc/,
  );
});
