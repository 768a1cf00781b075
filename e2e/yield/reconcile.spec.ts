import { expect, test } from "@playwright/test";
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

test("[YIELD][reconcile] a broadcast but unreported step is found on the chain by the reconciler and reported without a second signature", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clientId = await createTestClientWithWallets(page);
  const address = await clientEvmAddress(clientId);
  const sent = async () => Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]));

  await previewEnter(page, await openEnter(page, clientId, "USDC", "lending"), "3", "USDC");
  const before = await sent();

  // The provider refuses every report: the first step is signed and mined, then the run stops at report.
  await sandboxRules([{ path: "/submit-hash", fault: "500" }]);
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 60_000 });
  const step = page.getByTestId("run-step").first();
  const hash = (await step.getByTestId("step-transaction").getAttribute("title")) as Hex;
  const receipt = await rpc<{ status: Hex; blockNumber: Hex }>("eth_getTransactionReceipt", [hash]);
  expect(receipt.status).toBe("0x1");

  // The reconciler's pass (every few seconds here) says so, with the chain's block.
  const found = page.getByTestId("run-reconciliation");
  await expect(async () => {
    await page.reload();
    await expect(found).toContainText(
      `Step 1's transaction is on the chain (block ${Number(receipt.blockNumber)}, success) but the provider was never told`,
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);

  // Reports reach the provider again: Retry reports the hash and goes on; one transaction per step on the chain.
  await sandboxRules([]);
  await page.getByRole("button", { name: "Retry from the failed part" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(step.getByTestId("step-transaction")).toHaveAttribute("title", hash);
  expect(await sent()).toBe(before + 2);
});
