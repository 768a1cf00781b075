/**
 * Conformance (sandbox): alert delivery as the real service documents it (api-shapes.md §1.11), on a
 * real local chain. A transfer raises an unconfirmed alert, then a confirmed one once the chain is
 * 18 blocks past it (Sepolia's depth); with SANDBOX_REORG_RATE=1 it also leaves an orphan whose
 * transaction the chain does not have; a failing webhook's delivery is retried seven times, then
 * dropped. Waits are compressed (SANDBOX_CONFIRMATION_MS, SANDBOX_RETRY_SCALE).
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent, AlertWebhook } from "@/lib/contracts";
import { createWalletClient, eventually, SANDBOX, startUpstream, type Upstream } from "@/testing/conformance/harness";

const SEPOLIA = "eip155:11155111";
const TYPES = { eventTypes: "EIP_155_TX_V1" } as const;

describe.skipIf(!SANDBOX)("alert delivery on a local chain", () => {
  let up: Upstream;
  let accepting: AlertWebhook;
  let failing: AlertWebhook;
  let hash: string;
  let blockNumber: number;

  beforeAll(async () => {
    up = await startUpstream({
      env: {
        SANDBOX_SEED_CLIENTS: "5",
        SANDBOX_SEED_EVENTS: "0",
        SANDBOX_CONFIRMATION_MS: "300",
        SANDBOX_REORG_RATE: "1",
        // 1 min → 1.8 ms … 24 h → 2.6 s: the whole schedule in about 5 s.
        SANDBOX_RETRY_SCALE: "0.00003",
      },
    });
    const webhooks = (await up.admin.alerts.webhooks.list()).data;
    const byRole = (role: string) => webhooks.find((w) => w.url.endsWith(`/webhooks/${role}`)) as AlertWebhook;
    accepting = byRole("accepting");
    failing = byRole("failing");
    const sender = await createWalletClient(up);
    const sent = await sender.mpc.assetsSend({
      share: sender.shares.SECP256K1.share,
      chain: "sepolia",
      to: privateKeyToAccount(generatePrivateKey()).address,
      token: "USDC",
      amount: "2",
      rpcUrl: up.rpcUrl(SEPOLIA),
    });
    hash = sent.transactionHash;
    const receipt = await eventually("the receipt", () =>
      up
        .chain(SEPOLIA)
        .getTransactionReceipt({ hash: hash as `0x${string}` })
        .catch(() => undefined),
    );
    blockNumber = Number(receipt.blockNumber);
  }, 60_000);
  afterAll(() => up?.close());

  const listed = async (webhook: AlertWebhook, query: Record<string, string> = {}) =>
    (await up.admin.alerts.webhooks.events(webhook.id, { ...TYPES, limit: "100", ...query })).data;

  it("sends a transfer's unconfirmed alert, then its confirmed one after 18 blocks on the chain", async () => {
    const rows = await eventually("both alerts delivered", async () => {
      const list = await listed(accepting, { transactionHash: hash });
      return list.length === 2 && list.every((e) => e.deliveryStatus === "success") && list;
    });
    const [confirmed, first] = rows as [AlertEvent, AlertEvent]; // newest first
    expect(Date.parse(confirmed.createdAt)).toBeGreaterThan(Date.parse(first.createdAt));
    for (const e of rows) expect(e).toMatchObject({ chainId: SEPOLIA, blockNumber, transactionHashes: [hash] });
    const payloads = (up.sandbox?.sandbox.receivers.received ?? [])
      .filter((r) => r.role === "accepting")
      .map((r) => r.body as { data: { metadata: { transactionHash: string; confirmed: boolean } }[] })
      .filter((b) => b.data[0]?.metadata.transactionHash === hash);
    // One of each reached the receiver (deliveries run side by side: on a busy machine the confirmed one
    // may land first; the events' own times above say which was raised first).
    expect(payloads.map((b) => b.data[0]?.metadata.confirmed).sort()).toEqual([false, true]);
    // What the chain says: at least 18 blocks on top of the transfer's when the confirmed alert was sent.
    const head = Number(await up.chain(SEPOLIA).getBlockNumber());
    expect(head - blockNumber).toBeGreaterThanOrEqual(18);
  });

  it("leaves an orphan: an unconfirmed alert for a transaction the chain never mined, never confirmed", async () => {
    const orphans = await eventually("the orphan's alert", async () => {
      const rows = await listed(accepting, { blockNumbers: String(blockNumber) });
      const found = rows.filter((e) => e.transactionHashes[0]?.toLowerCase() !== hash.toLowerCase());
      return found.length > 0 && found;
    });
    expect(orphans).toHaveLength(1);
    const orphan = orphans[0] as AlertEvent;
    expect(await listed(accepting, { transactionHash: orphan.transactionHashes[0] as string })).toHaveLength(1);
    const onChain = await fetch(up.rpcUrl(SEPOLIA), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "eth_getTransactionByHash",
        params: orphan.transactionHashes,
      }),
    });
    expect(((await onChain.json()) as { result: unknown }).result).toBeNull();
  });

  it("retries a failing delivery seven times, then drops it (failed, retries 7, nothing more)", async () => {
    const [dropped] = await eventually("the failing webhook's first alert dropped", async () => {
      const list = await listed(failing, { transactionHash: hash });
      const first = list.at(-1);
      return first?.deliveryStatus === "failed" && first.retries === 7 && [first];
    });
    expect(dropped?.errorMessage).toBe("Request failed with status code 500");
    const attempts = up.sandbox?.sandbox.alerts.attemptsOf(dropped?.id as string) ?? [];
    expect(attempts).toHaveLength(8);
    expect(dropped?.updatedAt).toBe(new Date(attempts.at(-1)?.at as number).toISOString());
  });
});
