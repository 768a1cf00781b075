import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatAlertsResponseSchema, formatWalletAlertResponseSchema } from "@/lib/contracts";
import { startTestSandbox, type TestSandbox } from "@/testing/sandbox";
import type { WebhookPayload } from "../alerts/payload";
import type { ClientRecord } from "../types";

let sb: TestSandbox;
let payload: WebhookPayload;
let client: ClientRecord;

beforeAll(async () => {
  sb = await startTestSandbox();
  client = sb.clients.all()[1] as ClientRecord;
  sb.chains.emit({
    chainId: "eip155:11155111",
    blockNumber: 99,
    transactionHash: `0x${"aa".repeat(32)}`,
    from: client.namespaces.eip155?.address as `0x${string}`,
    to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    rawAmount: 10n ** 17n,
  });
  await sb.alerts.whenIdle();
  payload = sb.receivers.received.find((d) => d.role === "accepting")?.body as WebhookPayload;
});
afterAll(() => sb.close());

const post = (path: string, body: unknown) =>
  sb.admin(`/api/v3/custodians/me/alerts/${path}`, { method: "POST", body: JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

describe("format endpoints", () => {
  it("formats one transfer of an EIP_155_TX_V1 body (wallets/format)", async () => {
    const res = await post("wallets/format", { chain: "eip155", rawAlert: JSON.stringify(payload) });
    expect(res.status).toBe(200);
    const body = formatWalletAlertResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      from: client.namespaces.eip155?.address.toLowerCase(),
      amount: "0.1",
      chainName: "sepolia",
      direction: "OUTBOUND",
      metadata: { blockNumber: "99", tokenDecimals: 18 },
    });
  });

  it("formats many transfers (alerts/format) and accepts chains by name or id", async () => {
    const raw = {
      ...payload,
      data: [
        payload.data[0],
        {
          ...payload.data[0],
          direction: "INBOUND",
          metadata: { ...payload.data[0]?.metadata, tokenDecimals: "18", blockNumber: 99 },
        },
      ],
    };
    for (const chain of ["sepolia", "eip155:11155111"]) {
      const res = await post("format", { chain, rawAlert: JSON.stringify(raw) });
      expect(res.status).toBe(200);
      const body = formatAlertsResponseSchema.parse(await res.json());
      expect(body).toHaveLength(2);
      // Normalised: decimals as a number, the block number as a string.
      expect(body[1]?.metadata).toMatchObject({ tokenDecimals: 18, blockNumber: "99" });
    }
  });

  it.each([
    [{ chain: "eip155", rawAlert: "{not json" }, /^rawAlert: rawAlert is not valid JSON/],
    [{ chain: "eip155" }, /^rawAlert: is required/],
    [{ chain: "arbitrum", rawAlert: "{}" }, /^chain: /],
    [{ chain: "polygon-amoy", rawAlert: "{}" }, /^chain: /],
    [{ chain: "eip155", rawAlert: JSON.stringify({ type: "SOLANA_TX_V1", data: {} }) }, /cannot be formatted/],
    [
      { chain: "eip155", rawAlert: JSON.stringify({ data: [{ from: "0x1" }] }) },
      /^rawAlert: transfer 0 is not an EIP_155_TX_V1 transfer/,
    ],
    [{ chain: "eip155", rawAlert: JSON.stringify({ data: [] }) }, /holds no transfers/],
    [{ chain: "solana", rawAlert: "{}" }, /SOLANA_TX_V1/],
  ])("400s %j", async (body, message) => {
    const res = await post("format", body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });

  it("400s a transfer on another chain than the one named, and several transfers on wallets/format", async () => {
    expect(await errorOf(await post("format", { chain: "base", rawAlert: JSON.stringify(payload) }))).toMatch(
      /not on eip155:8453/,
    );
    const two = { ...payload, data: [payload.data[0], payload.data[0]] };
    expect(await errorOf(await post("wallets/format", { chain: "eip155", rawAlert: JSON.stringify(two) }))).toMatch(
      /holds 2 transfers/,
    );
  });
});

describe("retry-by-block-number", () => {
  it("answers 204 and re-delivers that block's events", async () => {
    const before = sb.receivers.received.length;
    const res = await post("retry-by-block-number", {
      chainReferenceId: "11155111",
      blockNumber: 99,
      streamId: "stream-1",
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    await sb.alerts.whenIdle();
    // One event per webhook for that transfer: each is POSTed again.
    const again = sb.receivers.received.slice(before);
    expect(again.map((d) => d.role).sort()).toEqual(["accepting", "failing", "slow"]);
    expect((again[0]?.body as WebhookPayload).data[0]?.metadata.transactionHash).toBe(`0x${"aa".repeat(32)}`);
  });

  it("answers 204 for a block without events", async () => {
    expect((await post("retry-by-block-number", { chainReferenceId: "1", blockNumber: 5, streamId: "s" })).status).toBe(
      204,
    );
  });

  it.each([
    [{ blockNumber: 1, streamId: "s" }, /^chainReferenceId: is required/],
    [{ chainReferenceId: "eip155:1", blockNumber: 1, streamId: "s" }, /^chainReferenceId: /],
    [{ chainReferenceId: "1", blockNumber: "1", streamId: "s" }, /^blockNumber: /],
    [{ chainReferenceId: "1", blockNumber: -1, streamId: "s" }, /^blockNumber: /],
    [{ chainReferenceId: "1", blockNumber: 1 }, /^streamId: is required/],
  ])("400s %j", async (body, message) => {
    const res = await post("retry-by-block-number", body);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatch(message);
  });
});
