import { describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { followDelayMs, observe, type FollowedReceipt } from "./replay-receipts";

/**
 * What a receipt's event shows after its replay, for the two ways an upstream may record a replay:
 * the sandbox moves the event itself (sandbox/README.md item 28), and the real service's listing is
 * reported to show a new row for the same transaction hash (api-shapes §1.10). Rows are written as the
 * listing's public shapes give them (ISO times, `confirmed` 1 or null).
 */
const HASH = `0x${"ab".repeat(32)}`;
const sentAt = "2026-11-27T10:00:00.500Z";

const receipt = (eventId: string, over: Partial<FollowedReceipt> = {}): FollowedReceipt => ({
  eventId,
  chainId: "eip155:11155111",
  blockNumber: 7_000_000,
  transactionHashes: [HASH],
  createdAt: "2026-11-26T09:00:00.000Z",
  sentAt,
  ...over,
});

const row = (id: string, over: Partial<AlertEvent>): AlertEvent => ({
  id,
  type: "EIP_155_TX_V1",
  chainId: "eip155:11155111",
  blockNumber: 7_000_000,
  transactionHashes: [HASH],
  deliveryStatus: "failed",
  retries: 2,
  errorMessage: "Request failed with status code 500",
  confirmed: null,
  createdAt: "2026-11-26T09:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  ...over,
});

describe("observe: the same event moves on (the sandbox's way)", () => {
  it("pending now: awaiting, noted on the event's own row", () => {
    const seen = observe([receipt("e1")], { open: [row("e1", { deliveryStatus: "pending", retries: 3 })] });
    expect(seen.get("e1")).toEqual({ outcome: "awaiting", rowId: "e1", at: null, message: null, retries: 3 });
  });

  it("failed again since the replay: failed, with the new message, retries and time", () => {
    const seen = observe([receipt("e1")], {
      open: [
        row("e1", {
          retries: 3,
          errorMessage: "timeout of 10000ms exceeded",
          updatedAt: "2026-11-27T10:00:02.000Z",
        }),
      ],
    });
    expect(seen.get("e1")).toEqual({
      outcome: "failed",
      rowId: "e1",
      at: "2026-11-27T10:00:02.000Z",
      message: "timeout of 10000ms exceeded",
      retries: 3,
    });
  });

  it("an update within the second the replay was sent counts (the listing may keep whole seconds)", () => {
    const seen = observe([receipt("e1")], { open: [row("e1", { updatedAt: "2026-11-27T10:00:00.000Z" })] });
    expect(seen.get("e1")?.outcome).toBe("failed");
  });

  it("no longer failed or pending: delivered on the same row", () => {
    const seen = observe([receipt("e1")], { open: [row("other", {})] });
    expect(seen.get("e1")).toMatchObject({ outcome: "delivered", rowId: "e1" });
  });

  it("failed as before the replay (not attempted yet), with nothing newer: awaiting", () => {
    const seen = observe([receipt("e1")], { open: [row("e1", {})], since: [] });
    expect(seen.get("e1")).toEqual({ outcome: "awaiting", rowId: null, at: null, message: null, retries: null });
  });
});

describe("observe: a new row carries the attempt (the real service's listing)", () => {
  const unchanged = row("e1", {});

  it("a success row for the same chain, block and hashes created since the replay: delivered there", () => {
    const seen = observe([receipt("e1")], {
      open: [unchanged],
      since: [
        row("n1", {
          deliveryStatus: "success",
          confirmed: 1,
          errorMessage: null,
          retries: 0,
          createdAt: "2026-11-27T10:00:01.000Z",
          updatedAt: "2026-11-27T10:00:01.200Z",
        }),
      ],
    });
    expect(seen.get("e1")).toEqual({
      outcome: "delivered",
      rowId: "n1",
      at: "2026-11-27T10:00:01.200Z",
      message: null,
      retries: 0,
    });
  });

  it("a failed new row: failed there; a pending one: awaiting, noted", () => {
    const failedRow = row("n2", { createdAt: "2026-11-27T10:00:03.000Z", updatedAt: "2026-11-27T10:00:13.000Z" });
    expect(observe([receipt("e1")], { open: [unchanged], since: [failedRow] }).get("e1")).toMatchObject({
      outcome: "failed",
      rowId: "n2",
      message: "Request failed with status code 500",
    });
    const pendingRow = row("n3", { deliveryStatus: "pending", createdAt: "2026-11-27T10:00:03.000Z" });
    expect(observe([receipt("e1")], { open: [unchanged], since: [pendingRow] }).get("e1")).toMatchObject({
      outcome: "awaiting",
      rowId: "n3",
    });
  });

  it("the first new row counts when there are several", () => {
    const seen = observe([receipt("e1")], {
      open: [unchanged],
      since: [
        row("later", { deliveryStatus: "success", createdAt: "2026-11-27T10:05:00.000Z" }),
        row("first", { createdAt: "2026-11-27T10:00:02.000Z" }),
      ],
    });
    expect(seen.get("e1")?.rowId).toBe("first");
  });

  it("rows of another transaction, chain or block, or from before the replay, are not the attempt", () => {
    const other = { deliveryStatus: "success" as const, createdAt: "2026-11-27T10:00:05.000Z" };
    const seen = observe([receipt("e1")], {
      open: [unchanged],
      since: [
        row("a", { ...other, transactionHashes: [`0x${"cd".repeat(32)}`] }),
        row("b", { ...other, chainId: "eip155:8453" }),
        row("c", { ...other, blockNumber: 7_000_001 }),
        row("d", { ...other, createdAt: "2026-11-27T09:59:59.000Z" }),
      ],
    });
    expect(seen.get("e1")).toMatchObject({ outcome: "awaiting", rowId: null });
  });

  it("hashes match whatever their case and order", () => {
    const two = [HASH, `0x${"ef".repeat(32)}`];
    const seen = observe([receipt("e1", { transactionHashes: two })], {
      open: [row("e1", { transactionHashes: two })],
      since: [
        row("n", {
          deliveryStatus: "success",
          transactionHashes: [two[1]!.toUpperCase().replace("0X", "0x"), HASH],
          createdAt: "2026-11-27T10:00:04.000Z",
        }),
      ],
    });
    expect(seen.get("e1")).toMatchObject({ outcome: "delivered", rowId: "n" });
  });

  it("the event's own move wins over a new row (an alert sent anyway is not mistaken for the replay)", () => {
    const seen = observe([receipt("e1")], {
      open: [],
      since: [row("partner", { createdAt: "2026-11-27T10:00:04.000Z" })],
    });
    expect(seen.get("e1")).toMatchObject({ outcome: "delivered", rowId: "e1" });
  });
});

describe("followDelayMs", () => {
  it("looks again after 2, 4, 8, 16 s, then every 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(followDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});
