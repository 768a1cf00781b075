import { expect, test, type Page } from "@playwright/test";
import { decodeEventLog, erc20Abi, formatUnits, type Hex } from "viem";
import { expectAccessible } from "../fixtures/axe";
import { rpc } from "../fixtures/chain";
import { createTestClientWithWallets } from "../fixtures/sandbox";
import { sandboxEvents, sandboxGet, webhookByRole } from "../fixtures/sandbox-api";
import { keepShot } from "../fixtures/screens";
import { storageState } from "../fixtures/users";

test.use({ storageState: storageState("admin") });

/** The sandbox's test USDC (sandbox/docs/chains.md: the same address on every chain). */
const USDC = "0xa02d248aE30afBA10d071F80aBEf9aa1f0b1605E";
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** The events page of one transaction with its first alert's drawer open (rows are newest first). */
async function openFirstAlert(page: Page, webhookId: string, hash: string) {
  await page.goto(`/alerts/${webhookId}?hash=${hash}`);
  await page
    .getByTestId("event-row")
    .last()
    .getByRole("button", { name: /Details/ })
    .click();
  return page.getByRole("dialog");
}

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
  const drawer = await openFirstAlert(page, accepting.id, hash);

  const chain = drawer.getByTestId("chain-verdict");
  await expect(chain).toContainText(receipt.status === "0x1" ? "mined" : "mined, reverted");
  await expect(chain).toContainText(`${Number(receipt.blockNumber)} ·`);
  await expect(drawer.getByTestId("chain-transfers")).toContainText(`${usdc} USDC`);
  await expect(drawer.getByTestId("delivery-attempts").getByRole("listitem").first()).toContainText("first");
  // The sandbox's alerts of this transaction (one per transfer: the faucet sends several), the first unconfirmed.
  const listed = drawer.getByTestId("transaction-alerts").getByRole("listitem");
  await expect(listed).toHaveCount(alerts.metadata.total);
  await expect(listed.first()).toContainText("unconfirmed (by its time)");
  // The round is said to be inferred, and the record's own `confirmed` flag (delivery, not the round) explained.
  await expect(drawer.getByText(/Which round an alert belongs to is inferred from when it was raised/)).toBeVisible();
  // The header says when the alert was raised in words a person reads (the zone's wall time), not ISO 8601.
  await expect(
    drawer.getByText(new RegExp(`^(success|failed|pending) · raised \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d `)),
  ).toBeVisible();
  // The receiving address is the new client's: asked once, the console's address scan finds that client, and
  // every other place the drawer shows the address (the faucet's other transfers) has its answer without asking.
  const findButtons = drawer.getByRole("button", { name: `Find client that owns ${address.toLowerCase()}` });
  const shown = await findButtons.count();
  expect(shown).toBeGreaterThanOrEqual(1);
  await findButtons.first().click();
  const links = drawer.getByRole("link", { name: /^client / });
  await expect(links.first()).toHaveAttribute("href", `/clients/${clientId}`, { timeout: 60_000 });
  await expect(links).toHaveCount(shown);
  await expect(findButtons).toHaveCount(0);
  await expectAccessible(page);
  await keepShot(page, ".data/screens/alerts-event-detail.png");
});

test("[ALERTS][event-detail-seeded] a seeded alert's transaction is on the chain as its payload says; an orphan's is not", async ({
  page,
}) => {
  const accepting = await webhookByRole("accepting");
  const { data } = await sandboxEvents(accepting.id, { chainIds: "eip155:11155111", limit: "1000" });
  const byHash = new Map<string, typeof data>();
  for (const e of data) byHash.set(e.transactionHashes[0]!, [...(byHash.get(e.transactionHashes[0]!) ?? []), e]);
  // A transfer of USDC whose two alerts both came: its receipt carries the token's Transfer log.
  let token: { hash: Hex; blockNumber: number; amount: string } | undefined;
  for (const [hash, rows] of byHash) {
    if (rows.length !== 2) continue;
    const receipt = await rpc<{
      status: Hex;
      blockNumber: Hex;
      logs: { topics: Hex[]; data: Hex; address: string }[];
    } | null>("eth_getTransactionReceipt", [hash]);
    // (The one a reorganisation removed after its confirmed alert is the watchdog journey's.)
    if (receipt === null) continue;
    expect(receipt.status).toBe("0x1");
    const log = receipt.logs.find((l) => l.address.toLowerCase() === USDC.toLowerCase());
    if (!log) continue;
    const decoded = decodeEventLog({ abi: erc20Abi, topics: log.topics as [Hex, ...Hex[]], data: log.data });
    const amount = formatUnits((decoded.args as { value: bigint }).value, 6);
    token = { hash: hash as Hex, blockNumber: Number(receipt.blockNumber), amount };
    break;
  }
  expect(token, "the seeded history holds a confirmed USDC transfer on Sepolia").toBeDefined();
  const head = Number(await rpc<Hex>("eth_blockNumber"));

  const drawer = await openFirstAlert(page, accepting.id, token!.hash);
  await expect(page.getByTestId("event-row")).toHaveCount(2);
  const chain = drawer.getByTestId("chain-verdict");
  await expect(chain).toContainText("mined");
  // Confirmations counted from the chain's head, which lies above the seeded history.
  await expect(chain).toContainText(
    `${token!.blockNumber} · ${(head - token!.blockNumber + 1).toLocaleString("en")} confirmations now`,
  );
  await expect(drawer.getByTestId("chain-transfers")).toContainText(`${token!.amount} USDC`);
  await expect(drawer.getByTestId("transaction-alerts").getByRole("listitem")).toHaveCount(2);
  await page.keyboard.press("Escape");

  // An alert alone whose transaction the gateway does not know (the seeded orphans, as after a reorganisation).
  let orphan: string | undefined;
  for (const [hash, rows] of byHash) {
    if (rows.length !== 1) continue;
    if ((await rpc<unknown>("eth_getTransactionReceipt", [hash])) === null) {
      orphan = hash;
      break;
    }
  }
  expect(orphan, "the seeded history holds an orphan on Sepolia").toBeDefined();
  const orphanDrawer = await openFirstAlert(page, accepting.id, orphan!);
  await expect(orphanDrawer.getByTestId("chain-verdict")).toContainText("not on the chain");
});
