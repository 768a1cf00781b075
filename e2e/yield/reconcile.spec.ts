import { expect, test, type Page } from "@playwright/test";
import type { Hex } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxRules } from "../fixtures/sandbox-api";
import { storageState } from "../fixtures/users";
import { clientEvmAddress, openEnter, previewEnter } from "../fixtures/yield";

/**
 * A step broadcast but never reported (the provider refused every submit-hash): the scheduled
 * reconciler finds it and says what the chain has; Retry reports it, and the chain shows one
 * transaction per step: nothing was signed twice.
 */
test.use({ storageState: storageState("developer") });

test.afterEach(async () => sandboxRules([]));

/**
 * A new test client's vault entry whose reports the provider refuses: the approval is signed and
 * mined, the run stops at report, and the reconciler's pass (every few seconds here) says so with
 * the chain's block. The run page is left open; `sent()` counts the wallet's mined transactions.
 */
async function stuckRun(page: Page, amount: string) {
  const clientId = await createTestClientWithWallets(page);
  const address = await clientEvmAddress(clientId);
  const sent = async () => Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]));
  await previewEnter(page, await openEnter(page, clientId, "USDC", "lending"), amount, "USDC");
  const before = await sent();
  await sandboxRules([{ path: "/submit-hash", fault: "500" }]);
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 60_000 });
  const step = page.getByTestId("run-step").first();
  const hash = (await step.getByTestId("step-transaction").getAttribute("title")) as Hex;
  const receipt = await rpc<{ status: Hex; blockNumber: Hex }>("eth_getTransactionReceipt", [hash]);
  expect(receipt.status).toBe("0x1");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("run-reconciliation")).toContainText(
      `Step 1's transaction is on the chain (block ${Number(receipt.blockNumber)}, success) but the provider was never told`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 30_000 });
  return { step, hash, before, sent };
}

test("[YIELD][reconcile] a broadcast but unreported step is found on the chain by the reconciler and reported without a second signature", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { step, hash, before, sent } = await stuckRun(page, "3");
  await expectAccessible(page);

  // Reports reach the provider again: Retry reports the hash and goes on; one transaction per step on the chain.
  await sandboxRules([]);
  await page.getByRole("button", { name: "Retry from the failed part" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(step.getByTestId("step-transaction")).toHaveAttribute("title", hash);
  expect(await sent()).toBe(before + 2);
});

test("[YIELD][reconcile-abandon] a run the reconciler found is abandoned from its page with a reason, kept on the run; nothing more is signed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { before, sent } = await stuckRun(page, "2");

  await page.getByRole("button", { name: "Abandon" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Abandon this run?" });
  await dialog.getByLabel(/^Why/).fill("the provider is refusing reports today");
  await dialog.getByRole("button", { name: "Abandon the run" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("abandoned");
  await expect(page.getByTestId("run-abandoned")).toContainText(
    "Abandoned by developer@e2e.test: the provider is refusing reports today",
  );
  // The approval stays on the chain; the supply was never signed.
  expect(await sent()).toBe(before + 1);
  await expect(page.getByTestId("run-reconciliation")).toHaveCount(0);
  await expectAccessible(page);
});
