import { expect, test } from "@playwright/test";
import { decodeEventLog, erc20Abi, formatUnits, type Hex } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxEvents, sandboxGet, webhookByRole } from "../fixtures/sandbox-api";
import { keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

/** The sandbox's test USDC (sandbox/chain/NOTES.md: the same address on every chain). */
const USDC = "0xa02d248aE30afBA10d071F80aBEf9aa1f0b1605E";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

test("[ALERTS][event-detail] an event's transfer as the chain has it, its delivery attempts and the other alerts of its transaction", async ({
  page,
}) => {
  // A new test client's wallets are funded by the sandbox's faucet on Sepolia: a transfer the webhooks are told of.
  const clientId = await createTestClientWithWallets(page);
  const client = await sandboxGet<{ metadata: { namespaces: { eip155?: { address: string } } } }>(
    `/api/v3/custodians/me/clients/${clientId}`,
  );
  const address = client.metadata.namespaces.eip155?.address as string;
  const padded = `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;
  const logs = await rpc<{ transactionHash: Hex; topics: Hex[]; data: Hex }[]>("eth_getLogs", [
    { address: USDC, fromBlock: "0x0", toBlock: "latest", topics: [TRANSFER_TOPIC, null, padded] },
  ]);
  expect(logs.length).toBeGreaterThanOrEqual(1);
  const log = logs[0]!;
  const hash = log.transactionHash;
  const decoded = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
  const usdc = formatUnits((decoded.args as { value: bigint }).value, 6);
  const receipt = await rpc<{ blockNumber: Hex; status: Hex }>("eth_getTransactionReceipt", [hash]);

  const accepting = await webhookByRole("accepting");
  await expect
    .poll(async () => (await sandboxEvents(accepting.id, { transactionHash: hash })).metadata.total)
    .toBeGreaterThanOrEqual(1);
  const alerts = await sandboxEvents(accepting.id, { transactionHash: hash });
  await page.goto(`/alerts/${accepting.id}?hash=${hash}`);
  await page
    .getByTestId("event-row")
    .last()
    .getByRole("button", { name: /Details/ })
    .click();
  const drawer = page.getByRole("dialog");

  const chain = drawer.getByTestId("chain-verdict");
  await expect(chain).toContainText(receipt.status === "0x1" ? "mined" : "mined, reverted");
  await expect(chain).toContainText(`${Number(receipt.blockNumber)} ·`);
  await expect(drawer.getByTestId("chain-transfers")).toContainText(`${usdc} USDC`);
  await expect(drawer.getByTestId("delivery-attempts").getByRole("listitem").first()).toContainText("first");
  // The sandbox's alerts of this transaction (one per transfer: the faucet sends several), the first unconfirmed.
  const listed = drawer.getByTestId("transaction-alerts").getByRole("listitem");
  await expect(listed).toHaveCount(alerts.metadata.total);
  await expect(listed.first()).toContainText("unconfirmed");
  // The receiving address is the new client's: asked, the console's address scan finds that client.
  await drawer
    .getByTestId("chain-transfers")
    .getByRole("button", { name: `Find the client that owns ${address.toLowerCase()}` })
    .first()
    .click();
  await expect(
    drawer
      .getByTestId("chain-transfers")
      .getByRole("link", { name: /^client / })
      .first(),
  ).toHaveAttribute("href", `/clients/${clientId}`, { timeout: 60_000 });
  await expectAccessible(page);
  await keepShot(page, ".data/screens/alerts-event-detail.png");
});
