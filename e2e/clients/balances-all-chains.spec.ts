import { expect, test } from "@playwright/test";
import { formatUnits } from "viem";
import { createClientInUi, generateWallets } from "../fixtures/sandbox";
import { sandboxGet, sandboxRules } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { expectAccessibleSettled } from "../fixtures/toasts";
import { storageState } from "../fixtures/users";

/**
 * A client's balances on every chain it holds something on, in one view: each chain read from the
 * upstream on the server, a chain that cannot be read named in its own row, totals per token, and
 * one chain still selectable. The figures are checked against the sandbox's own answers.
 */

test.describe.configure({ mode: "serial" });

interface Assets {
  nativeBalance: { symbol: string; rawBalance: string; decimals: number };
  tokenBalances: { symbol: string; rawBalance: string; decimals: number }[];
}

const upstreamAssets = (clientId: string, chain: string) =>
  sandboxGet<Assets>(`/api/v3/custodians/me/clients/${clientId}/chains/${encodeURIComponent(chain)}/assets`);

let clientId: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: storageState("developer") });
  const page = await context.newPage();
  // The sandbox gives one client in ten nothing on Tron (simulated, a function of the client id):
  // such a client is replaced by a new one, so the view has a chain besides Sepolia to show.
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await createClientInUi(page);
    await generateWallets(created.clientApiKey);
    clientId = created.clientId;
    const tron = await upstreamAssets(clientId, "tron:mainnet");
    if (BigInt(tron.nativeBalance.rawBalance) > 0n && tron.tokenBalances.some((t) => BigInt(t.rawBalance) > 0n)) break;
  }
  await context.close();
});

test.use({ storageState: storageState("support") });

test("[CLIENTS][balances-all] every chain with a balance in one view, right-aligned, totals per token; one chain still selectable", async ({
  page,
}) => {
  test.slow();
  const tron = await upstreamAssets(clientId, "tron:mainnet");
  const sepolia = await upstreamAssets(clientId, "eip155:11155111");
  const trx = formatUnits(BigInt(tron.nativeBalance.rawBalance), tron.nativeBalance.decimals);
  const usdt = tron.tokenBalances.find((t) => t.symbol === "USDT")!;
  const eth = formatUnits(BigInt(sepolia.nativeBalance.rawBalance), sepolia.nativeBalance.decimals);

  await page.goto(`/clients/${clientId}`);
  const assets = page.getByRole("region", { name: "Assets" });
  const table = assets.getByRole("table", { name: "Balances on every chain" });
  await expect(table).toBeVisible();
  const tronTrx = table.getByRole("row", { name: /^Tron TRX/ });
  await expect(tronTrx.getByRole("cell").nth(2)).toHaveText(trx);
  await expect(
    table
      .getByRole("row", { name: /^Tron USDT/ })
      .getByRole("cell")
      .nth(2),
  ).toHaveText(formatUnits(BigInt(usdt.rawBalance), usdt.decimals));
  await expect(
    table
      .getByRole("row", { name: /^Sepolia ETH/ })
      .getByRole("cell")
      .nth(2),
  ).toHaveText(eth);
  // Amounts line up on the right, as figures do.
  expect(
    await tronTrx
      .getByRole("cell")
      .nth(2)
      .evaluate((td) => getComputedStyle(td).textAlign),
  ).toBe("right");
  // Only holdings: no row of the table shows a zero amount.
  const amounts = await table.locator("tbody tr td:nth-child(4)").allTextContents();
  expect(amounts.length).toBeGreaterThan(2);
  expect(amounts.filter((a) => /^0(\.0*)?$/.test(a.trim()))).toEqual([]);

  // Totals per token, summed exactly from the chains' raw amounts.
  const totals = assets.getByRole("table", { name: "Totals per token" });
  // TRX is held on Tron's mainnet alone; test coins (Nile, Shasta) are totalled apart.
  const trxTotal = totals.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "TRX", exact: true }) });
  await expect(trxTotal.getByRole("cell").first()).toHaveText(trx);

  await expectAccessibleSettled(page);
  await screens(page, "clients-balances-all-chains", async () => {
    await expect(table).toBeVisible();
  });

  // One chain, by name in the heading.
  await assets.getByLabel("Chain", { exact: true }).selectOption("tron:mainnet");
  await expect(page).toHaveURL(/[?&]chain=tron(:|%3A)mainnet/);
  const one = assets.getByRole("table", { name: "Balances on Tron" });
  await expect(one).toBeVisible();
  await expect(one).toContainText("TRX");
  await expect(one).toContainText("USDT");
  await expectAccessibleSettled(page);
});

test("[CLIENTS][balances-all-error] a chain that cannot be read is its own error row; the others still show", async ({
  page,
}) => {
  await sandboxRules([{ path: "/chains/tron%3Amainnet/assets", fault: "500" }]);
  try {
    await page.goto(`/clients/${clientId}`);
    const assets = page.getByRole("region", { name: "Assets" });
    const table = assets.getByRole("table", { name: "Balances on every chain" });
    await expect(table.getByRole("row", { name: /^Sepolia ETH/ })).toBeVisible();
    // Tron's mainnet is one row saying so (Tron Nile and Shasta, read fine, have their own rows).
    const failed = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Tron", exact: true }) });
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText("could not be read");
    for (const wire of ["/api/", "500", "{"]) await expect(failed).not.toContainText(wire);
    await expect(assets.getByRole("alert").filter({ hasText: "Something went wrong" })).toHaveCount(0);
    await expectAccessibleSettled(page);
  } finally {
    await sandboxRules([]);
  }
});
