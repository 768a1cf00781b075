import { expect, test, type Locator, type Page } from "@playwright/test";
import { callAction, interceptAction } from "../fixtures/actions";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxGet, sandboxRules } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { openEnter } from "../fixtures/yield";

/**
 * Yield as a developer works it, checked against the chain itself (receipts and balances read from
 * the sandbox's gateway, not from the page) and against the provider's positions.
 */
test.use({ storageState: storageState("developer") });

const SEPOLIA = "eip155:11155111";
const DAY = 86_400;

/** Time passes on the chain: interest and rewards accrue, cooldowns run out. */
async function advanceChain(seconds: number) {
  await rpc("evm_increaseTime", [seconds]);
  await rpc("evm_mine");
}

/** Previews, checks the preview signed nothing, starts, and waits for every step to be confirmed. */
async function previewAndRun(page: Page, dialog: Locator, steps: number) {
  await dialog.getByRole("button", { name: "Preview transactions" }).click();
  await expect(page).toHaveURL(/\/yield\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("run-status")).toHaveText("preview");
  const cards = page.getByTestId("run-step");
  await expect(cards).toHaveCount(steps);
  for (let i = 0; i < steps; i++) await expect(cards.nth(i)).toHaveAttribute("data-phase", "waiting");
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  for (let i = 0; i < steps; i++) await expect(cards.nth(i)).toHaveAttribute("data-phase", "confirmed");
  await expect(page.getByTestId("run-progress")).toHaveText(`${steps} of ${steps} steps confirmed`);
  // Each transaction is on the chain, and succeeded.
  const txHashes = await cards
    .getByTestId("step-transaction")
    .evaluateAll((spans) => spans.map((s) => s.getAttribute("title") as string));
  expect(txHashes).toHaveLength(steps);
  for (const hash of txHashes)
    expect((await rpc<{ status: string }>("eth_getTransactionReceipt", [hash])).status).toBe("0x1");
  return txHashes;
}

/** A run page as its reader sees it: the status, each step's phase and hashes, the error. */
async function runState(page: Page) {
  const error = page.getByTestId("run-error");
  return {
    status: (await page.getByTestId("run-status").textContent())?.trim(),
    steps: await page.getByTestId("run-step").evaluateAll((items) =>
      items.map((item) => ({
        phase: item.getAttribute("data-phase"),
        userOperation: item.querySelector("[data-testid=step-user-operation]")?.getAttribute("title") ?? null,
        transaction: item.querySelector("[data-testid=step-transaction]")?.getAttribute("title") ?? null,
      })),
    ),
    error: (await error.count()) > 0 ? await error.textContent() : null,
  };
}

/**
 * 10 USDC just supplied to the vault. The vault rounds in its own favour (ERC-4626: shares are
 * minted rounded down, and read back as assets rounded down), so once interest has accrued on the
 * chain (an earlier journey moved its clock) the position may read a smallest unit or two under 10.
 */
function expectTenUsdc(amount: number) {
  expect(amount).toBeGreaterThanOrEqual(9.999998);
  expect(amount).toBeLessThan(10.001);
}

const position = (page: Page, name: string) => page.getByRole("region", { name: `Position in ${name}` });
const balance = (section: Locator, type: string) => section.locator(`[data-testid=balance][data-type=${type}]`);
const amountOf = async (row: Locator) => Number((await row.getByTestId("balance-amount").textContent())!.split(" ")[0]);

test.describe("[YIELD] as a developer", () => {
  test.describe.configure({ timeout: 240_000 });
  test.afterEach(async () => sandboxRules([]));

  test("[YIELD][journey] enter the USDC vault, stake LINK, claim rewards, exit and withdraw after the cooldown", async ({
    page,
  }) => {
    const clientId = await createTestClientWithWallets(page);

    // The vault: approve, then supply; nothing signed before Start.
    const enter = await openEnter(page, clientId, "USDC", "lending");
    await enter.getByLabel("Amount (USDC)").fill("0.5");
    await enter.getByRole("button", { name: "Preview transactions" }).click();
    await expect(enter.getByText("The least this yield takes is 1 USDC")).toBeVisible();
    await enter.getByLabel("Amount (USDC)").fill("10");
    await previewAndRun(page, enter, 2);
    await expect(page.getByTestId("run-step").first().getByTestId("step-call")).toContainText("approve(spender: 0x");

    await page.goto(`/yield?client=${clientId}&tab=positions`);
    const vault = position(page, "USDC Sandbox Lending");
    await expect(balance(vault, "active")).toHaveCount(1);
    expectTenUsdc(await amountOf(balance(vault, "active")));

    // LINK staking: stake, let rewards accrue, claim them through the pending action.
    const stake = await openEnter(page, clientId, "LINK", "staking");
    await stake.getByLabel("Amount (LINK)").fill("5");
    await previewAndRun(page, stake, 2);
    await advanceChain(30 * DAY);
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    const staking = position(page, "LINK Sandbox Staking");
    await expect(balance(staking, "claimable")).toHaveCount(1);
    const rewards = await amountOf(balance(staking, "claimable"));
    expect(rewards).toBeGreaterThan(0);
    await balance(staking, "claimable").getByRole("button", { name: "Claim rewards" }).click();
    const claim = page.getByRole("alertdialog", { name: "Claim rewards on LINK Sandbox Staking" });
    await claim.getByRole("button", { name: "Preview transactions" }).click();
    await expect(page).toHaveURL(/\/yield\/runs\//);
    // The run is named by its action in words, not the provider's CLAIM_REWARDS.
    await expect(page.getByRole("heading", { level: 2 })).toContainText(/^Claim rewards — /);
    await page.getByRole("button", { name: "Start: sign and send" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });

    // Exit: the 5 LINK cool down for 7 days, then the Withdraw pending action pays them out.
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await staking.getByRole("button", { name: "Exit…" }).click();
    const exit = page.getByRole("dialog", { name: "Exit LINK Sandbox Staking" });
    await exit.getByLabel("Amount (LINK)").fill("6");
    await exit.getByRole("button", { name: "Preview transactions" }).click();
    await expect(exit.getByText(/active balance is 5 LINK, less than 6/)).toBeVisible();
    await exit.getByLabel("Amount (LINK)").fill("5");
    await previewAndRun(page, exit, 1);
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(balance(staking, "exiting")).toHaveCount(1);
    expect(await amountOf(balance(staking, "exiting"))).toBe(5);
    await advanceChain(8 * DAY);
    await page.reload();
    await expect(balance(staking, "withdrawable")).toHaveCount(1);
    await balance(staking, "withdrawable").getByRole("button", { name: "Withdraw" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Preview transactions" }).click();
    await expect(page).toHaveURL(/\/yield\/runs\//);
    await page.getByRole("button", { name: "Start: sign and send" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(balance(staking, "withdrawable")).toHaveCount(0);

    // Every run is listed, and the provider's history links back to them.
    await page.getByRole("tab", { name: "Console runs" }).click();
    await expect(page.getByRole("list", { name: "Console runs" }).getByRole("listitem")).toHaveCount(5);
    await page.getByRole("tab", { name: "Provider history" }).click();
    const history = page.getByRole("list", { name: "Provider history" });
    await expect(history.getByRole("link", { name: "console run" })).toHaveCount(5);
    // Actions in words, amounts with their unit.
    await expect(history).toContainText("Claim rewards");
    await expect(history).toContainText("Enter 10 USDC");
    await expect(history).toContainText("Enter 5 LINK");
    await expect(history).not.toContainText("CLAIM_REWARDS");

    // The client's timeline says what each run did in words ("Withdraw", "Claim rewards"), never the
    // provider's code in capitals or the console's intent in lower case.
    await page.goto(`/clients/${clientId}?tab=timeline`);
    const entries = page.getByTestId("timeline-entry");
    await expect(entries.filter({ hasText: /Yield run [0-9a-f-]{36}: / }).first()).toContainText(
      /Yield run [0-9a-f-]{36}: [A-Z][a-z]+(?: [a-z]+)* [a-z0-9-]+$/,
    );
    await expect(entries.filter({ hasText: /\([A-Z][A-Z_]+\)|: (?:enter|exit|manage) / })).toHaveCount(0);
  });

  test("[YIELD][aa] an account-abstracted client: the vault, LINK staking with rewards claimed, an exit through the cooldown and a withdrawal, each step a user operation", async ({
    page,
    browser,
  }) => {
    const clientId = await createTestClientWithWallets(page, { accountAbstracted: true });

    // The vault: 10 USDC in, approve then supply, each a user operation confirmed on the chain.
    const enter = await openEnter(page, clientId, "USDC", "lending");
    await expect(enter.getByLabel(/Let the signing service estimate gas/)).toBeChecked();
    await enter.getByLabel("Amount (USDC)").fill("10");
    await previewAndRun(page, enter, 2);
    await expect(page.getByTestId("run-step").getByTestId("step-user-operation")).toHaveCount(2);
    // The page labels the smart account, and the positions are the smart account's.
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(page.getByText("Smart account (ERC-4337), the address the yields see:")).toBeVisible();
    const vault = position(page, "USDC Sandbox Lending");
    await expect(balance(vault, "active")).toHaveCount(1);
    expectTenUsdc(await amountOf(balance(vault, "active")));

    // LINK staking while the provider refuses hash reports: the run stops at the first step's report.
    const stake = await openEnter(page, clientId, "LINK", "staking");
    await expect(stake.getByLabel(/Let the signing service estimate gas/)).toBeChecked();
    await stake.getByLabel("Amount (LINK)").fill("5");
    await stake.getByRole("button", { name: "Preview transactions" }).click();
    await expect(page).toHaveURL(/\/yield\/runs\/[0-9a-f-]{36}$/);
    const runUrl = page.url();
    await expect(page.getByTestId("run-status")).toHaveText("preview");
    await sandboxRules([{ path: "/submit-hash$", fault: "500" }]);
    await page.getByRole("button", { name: "Start: sign and send" }).click();
    await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 60_000 });
    const cards = page.getByTestId("run-step");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toHaveAttribute("data-phase", "failed");
    await expect(cards.nth(0)).toContainText("failed at report");
    await expect(cards.nth(0).getByTestId("step-user-operation")).toHaveCount(1);
    await expect(cards.nth(0).getByTestId("step-transaction")).toHaveCount(1);
    await expect(cards.nth(1)).toHaveAttribute("data-phase", "waiting");
    await expect(page.getByTestId("run-error")).toContainText("failed at report");
    const stopped = await runState(page);

    // The run lives on the server: a reload shows the same run…
    await page.reload();
    await expect(page.getByTestId("run-status")).toHaveText("failed");
    await expect.poll(() => runState(page)).toEqual(stopped);
    // …and so does a second developer opening its address.
    const second = await browser.newContext({ storageState: storageState("developer") });
    try {
      const other = await second.newPage();
      await other.goto(runUrl);
      await expect(other.getByTestId("run-status")).toHaveText("failed");
      await expect.poll(() => runState(other)).toEqual(stopped);

      // The provider takes reports again; the second developer retries, and the run goes on from the report.
      await sandboxRules([]);
      await other.getByRole("button", { name: "Retry from the failed part" }).click();
      await expect(other.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
      const otherCards = other.getByTestId("run-step");
      for (let i = 0; i < 2; i++) await expect(otherCards.nth(i)).toHaveAttribute("data-phase", "confirmed");
      await expect(other.getByTestId("run-progress")).toHaveText("2 of 2 steps confirmed");
      const staked = await runState(other);
      // The first step was not signed again: the same user operation and bundle transaction.
      expect(staked.steps[0]).toEqual({ ...stopped.steps[0], phase: "confirmed" });
      expect(staked.steps[1]?.userOperation).toMatch(/^0x[0-9a-f]{64}$/);
      for (const step of staked.steps)
        expect((await rpc<{ status: string }>("eth_getTransactionReceipt", [step.transaction])).status).toBe("0x1");
      // The first developer's page, reloaded, shows the finished run as the second one sees it.
      await page.reload();
      await expect(page.getByTestId("run-status")).toHaveText("succeeded");
      await expect.poll(() => runState(page)).toEqual(staked);
    } finally {
      await second.close();
    }

    // Rewards accrue; they are claimed through the position's pending action.
    await advanceChain(30 * DAY);
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    const staking = position(page, "LINK Sandbox Staking");
    await expect(balance(staking, "active")).toHaveCount(1);
    expect(await amountOf(balance(staking, "active"))).toBe(5);
    await expect(balance(staking, "claimable")).toHaveCount(1);
    const rewards = await amountOf(balance(staking, "claimable"));
    expect(rewards).toBeGreaterThan(0);
    await balance(staking, "claimable").getByRole("button", { name: "Claim rewards" }).click();
    const claim = page.getByRole("alertdialog", { name: "Claim rewards on LINK Sandbox Staking" });
    await previewAndRun(page, claim, 1);
    await expect(page.getByTestId("run-step").getByTestId("step-call")).toContainText("claimRewards(");
    await expect(page.getByTestId("run-step").getByTestId("step-user-operation")).toHaveCount(1);
    // What is claimable now is what accrued since the claim, a sliver of what was claimed.
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(balance(staking, "active")).toHaveCount(1);
    await expect
      .poll(async () =>
        (await balance(staking, "claimable").count()) === 0 ? 0 : amountOf(balance(staking, "claimable")),
      )
      .toBeLessThan(rewards / 1000);

    // Exit: the 5 LINK cool down for 7 days, then the Withdraw pending action pays them out.
    await staking.getByRole("button", { name: "Exit…" }).click();
    const exit = page.getByRole("dialog", { name: "Exit LINK Sandbox Staking" });
    await exit.getByLabel("Amount (LINK)").fill("5");
    await previewAndRun(page, exit, 1);
    await expect(page.getByTestId("run-step").getByTestId("step-user-operation")).toHaveCount(1);
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(balance(staking, "exiting")).toHaveCount(1);
    expect(await amountOf(balance(staking, "exiting"))).toBe(5);
    await expect(balance(staking, "withdrawable")).toHaveCount(0);
    await advanceChain(8 * DAY);
    await page.reload();
    await expect(balance(staking, "withdrawable")).toHaveCount(1);
    expect(await amountOf(balance(staking, "withdrawable"))).toBe(5);
    await balance(staking, "withdrawable").getByRole("button", { name: "Withdraw" }).click();
    await previewAndRun(page, page.getByRole("alertdialog"), 1);
    await expect(page.getByTestId("run-step").getByTestId("step-user-operation")).toHaveCount(1);
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(balance(vault, "active")).toHaveCount(1);
    await expect(balance(staking, "withdrawable")).toHaveCount(0);
    await expect(balance(staking, "exiting")).toHaveCount(0);

    // The whole vault position out.
    await vault.getByRole("button", { name: "Exit…" }).click();
    const exitVault = page.getByRole("dialog", { name: "Exit USDC Sandbox Lending" });
    await exitVault.getByLabel("Exit the whole position").check();
    await previewAndRun(page, exitVault, 1);

    // Every run is listed (the retried one once), and the provider's history links back to them.
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await page.getByRole("tab", { name: "Console runs" }).click();
    await expect(page.getByRole("list", { name: "Console runs" }).getByRole("listitem")).toHaveCount(6);
    await page.getByRole("tab", { name: "Provider history" }).click();
    await expect(
      page.getByRole("list", { name: "Provider history" }).getByRole("link", { name: "console run" }),
    ).toHaveCount(6);
  });
});

test.describe("[YIELD] reading", () => {
  test("[YIELD][read-only] support reads positions but cannot act, and the server refuses the action", async ({
    page,
    browser,
  }) => {
    const clientId = await createTestClientWithWallets(page);
    // The developer's preview request, stopped before it reaches the server.
    const dialog = await openEnter(page, clientId, "USDC", "lending");
    await dialog.getByLabel("Amount (USDC)").fill("10");
    const preview = await interceptAction(page, () =>
      dialog.getByRole("button", { name: "Preview transactions" }).click(),
    );

    const support = await browser.newContext({ storageState: storageState("support") });
    const supportPage = await support.newPage();
    await supportPage.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(supportPage.getByTestId("read-only-reason")).toHaveText(
      "Your role may read yield positions but not act on them.",
    );
    await supportPage.getByRole("tab", { name: "Opportunities" }).click();
    await expect(supportPage.getByRole("table", { name: "Yield opportunities, by reward rate" })).toBeVisible();
    await expect(supportPage.getByRole("button", { name: /^Enter / })).toHaveCount(0);
    const refused = await callAction(supportPage.request, preview, {
      intent: "enter",
      clientId,
      yieldId: "ethereum-sepolia-usdc-sandbox-lending",
      arguments: { amount: "10" },
      stripGas: false,
    });
    expect(refused.text).toContain('"code":"FORBIDDEN"');
    await support.close();

    // A client the console did not create as a test client is read-only even for a developer.
    const [seeded] = (await sandboxGet<{ results: { id: string }[] }>("/api/v3/custodians/me/clients?take=1")).results;
    await page.goto(`/yield?client=${seeded!.id}`);
    await expect(page.getByTestId("read-only-reason")).toContainText("not created as a test client");
    await expect(page.getByRole("button", { name: /^Enter / })).toHaveCount(0);
  });

  test("[YIELD][url] filters survive a reload; a hand-edited address keeps what is valid and says what it dropped", async ({
    page,
  }) => {
    const [seeded] = (await sandboxGet<{ results: { id: string }[] }>("/api/v3/custodians/me/clients?take=1")).results;
    await page.goto(`/yield?client=${seeded!.id}&network=${SEPOLIA}&type=staking&sort=rate-asc`);
    const rows = page.getByRole("table", { name: "Yield opportunities, by reward rate" }).locator("tbody tr");
    await expect(rows).toHaveCount(3);
    const rates = async () =>
      (await rows.locator("td:nth-child(4)").allTextContents()).map((t) => Number.parseFloat(t));
    await page.reload();
    await expect(rows).toHaveCount(3);
    const ascending = await rates();
    expect([...ascending].sort((a, b) => a - b)).toEqual(ascending);
    await page.goto(`/yield?client=${seeded!.id}&network=not-a-chain&type=Bad!`);
    await expect(page.getByRole("status").filter({ hasText: "Left out of the address" })).toContainText(
      "“not-a-chain” is not a CAIP-2 network",
    );
    await expect(page.getByRole("table", { name: "Yield opportunities, by reward rate" })).toBeVisible();
  });

  test("[A11Y][yield] the opportunities, positions and a run page, at both widths, light and dark", async ({
    page,
  }) => {
    const clientId = await createTestClientWithWallets(page);
    const enter = await openEnter(page, clientId, "USDC", "lending");
    await enter.getByLabel("Amount (USDC)").fill("10");
    await expectAccessible(page);
    await previewAndRun(page, enter, 2);
    await expectAccessible(page);
    await screens(page, "yield-run", async () => {
      await expect(page.getByTestId("run-step").first()).toBeVisible();
    });
    await page.goto(`/yield?client=${clientId}`);
    const table = page.getByRole("table", { name: "Yield opportunities, by reward rate" });
    await expect(table).toBeVisible();
    await expectAccessible(page);
    await screens(page, "yield-opportunities", async () => {
      await expect(table).toBeVisible();
    });
    await page.goto(`/yield?client=${clientId}&tab=positions`);
    await expect(position(page, "USDC Sandbox Lending")).toBeVisible();
    await expectAccessible(page);
    await screens(page, "yield-positions", async () => {
      await expect(position(page, "USDC Sandbox Lending")).toBeVisible();
    });
  });
});
