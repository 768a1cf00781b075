import { expect, test } from "@playwright/test";
import { decodeFunctionResult, encodeFunctionData, erc20Abi, formatUnits, type Hex } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { clientEvmAddress, openEnter, previewEnter } from "../fixtures/yield";

/**
 * The pending actions of every test client on one page: a client stakes LINK, rewards accrue on the
 * chain, and the reward is claimed from the cross-client page; the chain says the LINK arrived.
 */
test.use({ storageState: storageState("developer") });

/** The sandbox's test LINK, the same address on every local chain (sandbox/docs/chains.md, Contracts). */
const LINK = "0x74ecdccD572F252F0cc61f36ab68D32d4e1ebEBB";
const DAY = 86_400;

async function linkOf(holder: Hex): Promise<number> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [holder] });
  const raw = await rpc<Hex>("eth_call", [{ to: LINK, data }, "latest"]);
  return Number(formatUnits(decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data: raw }), 18));
}

test("[YIELD][pending] every test client's pending actions on one page, filtered in the URL; a reward claimed from there", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clientId = await createTestClientWithWallets(page);
  const address = await clientEvmAddress(clientId);

  // Stake 5 LINK (approve, then stake), then let 30 days of rewards accrue on the chain.
  await previewEnter(page, await openEnter(page, clientId, "LINK", "staking"), "5", "LINK");
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  await rpc("evm_increaseTime", [30 * DAY]);
  await rpc("evm_mine");

  // The cross-client page, reached from the yield page, filtered to this client: its claim is there.
  await page.goto("/yield");
  await page.getByRole("link", { name: "Pending actions of every test client" }).click();
  await expect(page).toHaveURL(/\/yield\/pending$/);
  await page.getByLabel("Client", { exact: true }).selectOption(clientId);
  await expect(page).toHaveURL(new RegExp(`[?&]client=${clientId}`));
  await page.getByLabel("Action", { exact: true }).selectOption("CLAIM_REWARDS");
  await expect(page).toHaveURL(/[?&]type=CLAIM_REWARDS/);
  await page.reload();
  await expect(page.getByLabel("Client", { exact: true })).toHaveValue(clientId);
  const rows = page.getByRole("table", { name: "Pending actions of the test clients" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Claim rewards");
  const claimable = Number((await rows.first().getByTestId("pending-amount").textContent())!.split(" ")[0]);
  expect(claimable).toBeGreaterThan(0);
  await expectAccessible(page);
  await screens(page, "yield-pending", async () => await expect(rows.first()).toBeVisible());

  // Manage: preview, then the run signs it; the LINK arrives at the client's address.
  const before = await linkOf(address);
  await rows.first().getByRole("button", { name: "Manage…" }).click();
  const dialog = page.getByRole("alertdialog", { name: /^Claim rewards on / });
  await dialog.getByRole("button", { name: "Preview transactions" }).click();
  await expect(page).toHaveURL(/\/yield\/runs\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  expect(await linkOf(address)).toBeGreaterThanOrEqual(before + claimable * 0.999);
});
