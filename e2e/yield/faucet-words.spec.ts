import { expect, test } from "@playwright/test";
import { formatUnits } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { sandboxGet } from "../fixtures/sandbox-api";
import { screens } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

/**
 * What the set-up step says the faucet gave is what a set-up client holds: the words are read off the
 * page and every amount they name is checked against the sandbox's own balances of the new client, on
 * EVM chains with different coins. The words no longer promise amounts on Solana, which has no faucet
 * (a client there held 1,635.91 USDC when "10,000 on every chain" was promised).
 */

test.use({ storageState: storageState("developer") });

interface Assets {
  nativeBalance: { symbol: string; rawBalance: string; decimals: number };
  tokenBalances: { symbol: string; rawBalance: string; decimals: number }[];
}

const assets = (clientId: string, chain: string) =>
  sandboxGet<Assets>(`/api/v3/custodians/me/clients/${clientId}/chains/${encodeURIComponent(chain)}/assets`);

/** "10,000" → "10000", as formatUnits writes it. */
const plain = (words: string) => words.replaceAll(",", "");

test("[YIELD][faucet-words] the set-up step says what the faucet gave, and a set-up client holds exactly that on EVM chains", async ({
  page,
}) => {
  test.slow();
  await page.goto("/yield");
  const setUp = page.getByRole("region", { name: "Set up a test client" });
  await setUp.getByRole("button", { name: "Set up a test client" }).click();
  const outcome = setUp.getByTestId("set-up-outcome");
  await expect(outcome).toContainText("is ready", { timeout: 60_000 });
  await expect(page).toHaveURL(/[?&]client=[a-z0-9]+/);
  const clientId = new URL(page.url()).searchParams.get("client")!;

  const words = (await outcome.textContent())!;
  expect(words).toContain("on every EVM chain");
  expect(words).not.toContain("on every chain");
  expect(words).toMatch(/Solana, Bitcoin, Tron and Stellar have no faucet/);
  const native = /(\d[\d,]*) of the chain's own coin/.exec(words)?.[1];
  const tokens = [...words.matchAll(/(\d[\d,]*) (USDC|USDT|LINK|WETH)\b/g)].map(([, amount, symbol]) => ({
    amount: plain(amount!),
    symbol: symbol!,
  }));
  expect(native).toBeDefined();
  expect(tokens.map((t) => t.symbol)).toEqual(["USDC", "USDT", "LINK", "WETH"]);

  // Three EVM chains with two different coins: the sandbox's answers hold what the words say.
  for (const [chain, coin] of [
    ["eip155:11155111", "ETH"],
    ["eip155:84532", "ETH"],
    ["eip155:80002", "POL"],
  ] as const) {
    await expect
      .poll(
        async () => {
          const held = await assets(clientId, chain);
          return {
            native: `${formatUnits(BigInt(held.nativeBalance.rawBalance), held.nativeBalance.decimals)} ${held.nativeBalance.symbol}`,
            tokens: tokens.map(({ symbol }) => {
              const t = held.tokenBalances.find((b) => b.symbol === symbol);
              return { amount: t ? formatUnits(BigInt(t.rawBalance), t.decimals) : "none", symbol };
            }),
          };
        },
        { message: `${chain} holds what the page said`, timeout: 30_000 },
      )
      .toEqual({ native: `${plain(native!)} ${coin}`, tokens });
  }

  await expectAccessible(page);
  await screens(page, "yield-faucet-words", async () => await expect(outcome).toBeVisible());
});
