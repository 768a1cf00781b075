/**
 * Conformance (sandbox): the seeded alert history's transactions can be looked up through the chains'
 * RPC gateway, as a reviewer following an alert would on the real service. Read with viem (its own
 * formatters and ERC-20 ABI), checked against the payload the webhook is sent for the same event:
 * sender, recipient, amount, token (the chain's real test USDC contract), block, fee; the chain's head
 * lies above the history, so a confirmed alert's transaction has at least the chain's depth of blocks.
 * An orphan (a transfer reorganised out) is not on the chain. The archive's log bloom is checked
 * against the bloom the EVM itself computes for a real transfer's receipt.
 */
import { type Hex, erc20Abi, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AlertEvent, AlertWebhook } from "@/lib/contracts";
import { logsBloom } from "@/sandbox/alerts/archive";
import type { WebhookPayload } from "@/sandbox/alerts/payload";
import { SANDBOX, startUpstream, type Upstream } from "@/testing/conformance/harness";

const SEPOLIA = "eip155:11155111";
const BASE_SEPOLIA = "eip155:84532";
/** Sepolia's confirmation depth (lib/alerts/confirmation-depth.ts, from the real service's documentation). */
const SEPOLIA_DEPTH = 18;

describe.skipIf(!SANDBOX)("the seeded history through the chains' gateway", () => {
  let up: Upstream;
  let accepting: AlertWebhook;
  let sepoliaEvents: AlertEvent[];

  beforeAll(async () => {
    up = await startUpstream({ env: { SANDBOX_SEED_CLIENTS: "20", SANDBOX_SEED_EVENTS: "3000" } });
    const webhooks = (await up.admin.alerts.webhooks.list()).data;
    accepting = webhooks.find((w) => w.url.endsWith("/webhooks/accepting")) as AlertWebhook;
    sepoliaEvents = (
      await up.admin.alerts.webhooks.events(accepting.id, {
        eventTypes: "EIP_155_TX_V1",
        chainIds: SEPOLIA,
        limit: "1000",
      })
    ).data;
  }, 60_000);
  afterAll(() => up?.close());

  /** What the webhook is sent for an event (the sandbox's own derivation, as POSTed). */
  const payloadOf = (event: AlertEvent): WebhookPayload => {
    const alerts = up.sandbox!.sandbox.alerts;
    return alerts.payloadOf(alerts.store.indexOf(event.id) as number);
  };
  const pairs = () => {
    const byHash = new Map<string, AlertEvent[]>();
    for (const e of sepoliaEvents)
      byHash.set(e.transactionHashes[0]!, [...(byHash.get(e.transactionHashes[0]!) ?? []), e]);
    return [...byHash.values()].filter((rows) => rows.length === 2);
  };

  /** The receipt as the gateway answers it, null included (viem throws for an unknown hash). */
  const receiptOf = async (chainId: string, hash: string) => {
    const answer = await fetch(up.rpcUrl(chainId), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_getTransactionReceipt", params: [hash] }),
    });
    return ((await answer.json()) as { result: unknown }).result;
  };
  /** Within ten minutes of `hours` before the seed anchor. */
  const near = (event: AlertEvent, hours: number) =>
    Math.abs(Date.parse(event.createdAt) - (up.sandbox!.sandbox.anchorMs - hours * 3_600_000)) < 600_000;

  it("answers a confirmed alert's transactions as the payload describes them, native and token alike", async () => {
    const chain = up.chain(SEPOLIA);
    const head = Number(await chain.getBlockNumber());
    const seen = { native: 0, token: 0, reorganised: 0 };
    for (const rows of pairs().slice(0, 40)) {
      const confirmed = rows.find((e) => payloadOf(e).data[0]?.metadata.confirmed) as AlertEvent;
      const items = payloadOf(confirmed).data;
      expect(items).toHaveLength(confirmed.transactionHashes.length);
      // Both alerts came, and a reorganisation removed it afterwards: the history holds one, three hours before the anchor.
      if ((await receiptOf(SEPOLIA, confirmed.transactionHashes[0]!)) === null) {
        expect(near(confirmed, 3)).toBe(true);
        seen.reorganised++;
        continue;
      }
      for (const [k, hash] of confirmed.transactionHashes.entries()) {
        const item = items[k]!;
        const [tx, receipt] = await Promise.all([
          chain.getTransaction({ hash: hash as Hex }),
          chain.getTransactionReceipt({ hash: hash as Hex }),
        ]);
        expect(receipt.status).toBe("success");
        expect(Number(receipt.blockNumber)).toBe(confirmed.blockNumber);
        expect(Number(tx.blockNumber)).toBe(confirmed.blockNumber);
        expect(head - confirmed.blockNumber + 1).toBeGreaterThanOrEqual(SEPOLIA_DEPTH);
        expect(tx.from.toLowerCase()).toBe(item.from);
        expect((receipt.gasUsed * receipt.effectiveGasPrice).toString()).toBe(item.metadata.fee?.rawAmount);
        if (item.assetType === "NATIVE_TOKEN") {
          seen.native++;
          expect(tx.to?.toLowerCase()).toBe(item.to);
          expect(tx.value.toString()).toBe(item.metadata.rawAmount);
          expect(receipt.logs).toEqual([]);
        } else {
          seen.token++;
          const token = item.metadata.tokenAddress as Hex;
          expect(tx.value).toBe(0n);
          const [transfer] = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" });
          expect(transfer?.address.toLowerCase()).toBe(token);
          expect(transfer?.args.from.toLowerCase()).toBe(item.from);
          expect(transfer?.args.to.toLowerCase()).toBe(item.to);
          expect(transfer?.args.value.toString()).toBe(item.metadata.rawAmount);
          // The token is a contract on the chain, and says what the payload says it is.
          const [symbol, decimals] = await Promise.all([
            chain.readContract({ address: token, abi: erc20Abi, functionName: "symbol" }),
            chain.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
          ]);
          expect(symbol).toBe(item.tokenSymbol);
          expect(decimals).toBe(item.metadata.tokenDecimals);
        }
      }
    }
    expect(seen.native).toBeGreaterThan(0);
    expect(seen.token).toBeGreaterThan(0);
    expect(seen.reorganised).toBe(1);
  });

  it("has no transaction for an orphan, and none of another chain's history", async () => {
    // Every webhook has an orphan on Sepolia two hours before the anchor: alone, never confirmed.
    const around = sepoliaEvents.filter((e) => near(e, 2));
    const orphan = around.find(
      (e) => sepoliaEvents.filter((o) => o.transactionHashes[0] === e.transactionHashes[0]).length === 1,
    );
    expect(orphan).toBeDefined();
    expect(await receiptOf(SEPOLIA, orphan!.transactionHashes[0]!)).toBeNull();
    const paired = pairs().find((rows) => !near(rows[0]!, 3))!;
    expect(await receiptOf(SEPOLIA, paired[0]!.transactionHashes[0]!)).not.toBeNull();
    expect(await receiptOf(BASE_SEPOLIA, paired[0]!.transactionHashes[0]!)).toBeNull();
  });

  it("computes a receipt's log bloom as the EVM does", async () => {
    // A real receipt with logs: the faucet's drips at the chain's start move every test token.
    const chain = up.chain(SEPOLIA);
    let receipt;
    for (let n = await chain.getBlockNumber(); !receipt; n--) {
      const block = await chain.getBlock({ blockNumber: n });
      for (const hash of block.transactions) {
        const r = await chain.getTransactionReceipt({ hash });
        if (r.logs.length > 1) receipt = r;
      }
    }
    const values = receipt.logs.flatMap((log) => [log.address, ...log.topics] as Hex[]);
    expect(logsBloom(values)).toBe(receipt.logsBloom);
  });
});
