import { expect, test } from "@playwright/test";
import {
  decodeFunctionResult,
  formatUnits,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  keccak256,
  pad,
  parseUnits,
  toHex,
  type Hex,
} from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";
import { clientEvmAddress, openEnter, previewEnter } from "../fixtures/yield";

/**
 * The runner asks the chain before it signs each step. Here the wallet's USDC goes away between the
 * preview and Start (written straight into the token's storage through the gateway's development
 * helper), so the deposit that follows the approval would revert: it is stopped before signing with
 * the token's own reason, nothing of it reaches the chain, and once the USDC is back a retry finishes.
 */
test.use({ storageState: storageState("developer") });

/** The sandbox's test USDC, the same address on every local chain (sandbox/docs/chains.md, Contracts). */
const USDC = "0xa02d248aE30afBA10d071F80aBEf9aa1f0b1605E";
/** TestToken.sol's storage: name (0), symbol (1), totalSupply (2), then the balanceOf mapping (3). */
const BALANCES_SLOT = 3n;

const balanceSlot = (holder: Hex) =>
  keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [holder, BALANCES_SLOT]));

async function usdcOf(holder: Hex): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [holder] });
  return decodeFunctionResult({
    abi: erc20Abi,
    functionName: "balanceOf",
    data: await rpc<Hex>("eth_call", [{ to: USDC, data }, "latest"]),
  });
}

async function setUsdc(holder: Hex, amount: bigint) {
  await rpc("hardhat_setStorageAt", [USDC, balanceSlot(holder), pad(toHex(amount), { size: 32 })]);
  // The chain agrees the slot is the balance: the token reads back what was written.
  expect(await usdcOf(holder)).toBe(amount);
}

test("[YIELD][simulate] a step that would revert is stopped before signing with its reason; a retry after the fix finishes", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clientId = await createTestClientWithWallets(page);
  const address = await clientEvmAddress(clientId);
  const held = await usdcOf(address);
  expect(held).toBe(parseUnits("10000", 6));

  // Preview entering the USDC vault with 100 USDC: an approval, then the deposit.
  await previewEnter(page, await openEnter(page, clientId, "USDC", "lending"), "100", "USDC");
  const cards = page.getByTestId("run-step");
  await expect(cards).toHaveCount(2);

  // The preview simulates both steps on the chain: the approval moves nothing; the deposit takes the
  // 100 USDC (its base units, 100 × 10^6, written in token units) and gives vault shares.
  const simulated = page.getByTestId("simulated-step");
  await expect(simulated).toHaveCount(2);
  await expect(simulated.nth(0)).toHaveAttribute("data-outcome", "success");
  await expect(simulated.nth(0)).toContainText("No token balance of the address changes");
  await expect(simulated.nth(1)).toHaveAttribute("data-outcome", "success");
  const changes = simulated.nth(1).getByRole("list", { name: "Balance changes of step 2" }).getByRole("listitem");
  await expect(changes.filter({ hasText: "USDC" }).first()).toHaveText(`−${formatUnits(parseUnits("100", 6), 6)} USDC`);
  await expect(changes.filter({ hasText: "svUSDC" })).toHaveText(/^\+\d+(\.\d+)? svUSDC$/);
  await expectAccessible(page);

  // The USDC leaves the wallet before anything is signed: simulated again, the deposit would revert, and says why.
  await setUsdc(address, parseUnits("5", 6));
  await page.getByRole("button", { name: "Simulate again" }).click();
  await expect(simulated.nth(1)).toHaveAttribute("data-outcome", "revert");
  await expect(simulated.nth(1).getByTestId("simulated-reason")).toHaveText("ERC20: transfer amount exceeds balance");
  await screens(page, "yield-simulation", async () => await expect(simulated.nth(1)).toBeVisible());
  const nonceBefore = Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]));
  await page.getByRole("button", { name: "Start: sign and send" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 60_000 });
  await expect(cards.nth(0)).toHaveAttribute("data-phase", "confirmed");
  await expect(cards.nth(1)).toHaveAttribute("data-phase", "failed");
  await expect(cards.nth(1)).toContainText("stopped before signing");
  await expect(page.getByTestId("run-error")).toContainText(
    "It would revert: ERC20: transfer amount exceeds balance. Nothing was signed.",
  );
  // On the chain: the approval alone (one transaction from the wallet), the USDC untouched.
  expect(Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]))).toBe(nonceBefore + 1);
  expect(Number(await rpc<Hex>("eth_getTransactionCount", [address, "pending"]))).toBe(nonceBefore + 1);
  expect(await usdcOf(address)).toBe(parseUnits("5", 6));
  await expectAccessible(page);

  // The cause fixed, the run resumes from the stopped step and signs it once.
  await setUsdc(address, held);
  await page.getByRole("button", { name: "Retry from the failed part" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 60_000 });
  await expect(cards.nth(1)).toHaveAttribute("data-phase", "confirmed");
  expect(Number(await rpc<Hex>("eth_getTransactionCount", [address, "latest"]))).toBe(nonceBefore + 2);
  expect(await usdcOf(address)).toBe(held - parseUnits("100", 6));
});
