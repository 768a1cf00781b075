import { describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { disagreement, pairAlerts } from "./watchdog";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const MIN = 60_000;
const SINCE = NOW - 24 * 60 * MIN;

function alert(tx: string, chainId: string, agoMs: number): AlertEvent {
  return {
    id: `${tx}-${agoMs}`,
    type: "EIP_155_TX_V1",
    chainId,
    blockNumber: 100,
    transactionHashes: [`0x${tx.repeat(64 / tx.length)}`],
    deliveryStatus: "success",
    retries: 0,
    errorMessage: null,
    confirmed: 1,
    createdAt: new Date(NOW - agoMs).toISOString(),
    updatedAt: new Date(NOW - agoMs).toISOString(),
  };
}

// Blocks until confirmed (api-shapes.md §1.11) × public block time: Sepolia 18 × 12 s, Optimism 500 × 2 s.
describe("pairing a transaction's alerts", () => {
  const report = pairAlerts(
    [
      alert("a", "eip155:11155111", 60 * MIN), // unconfirmed…
      alert("a", "eip155:11155111", 60 * MIN - 216_000), // …and its confirmed alert
      alert("b", "eip155:11155111", 30 * MIN), // alone 30 min: its partner was due after 3 min 36 s
      alert("c", "eip155:11155111", 5 * MIN), // alone, still inside the wait plus ten minutes
      alert("d", "eip155:10", 20 * MIN), // Optimism: due after 16 min 40 s, so not late yet
      alert("e", "eip155:11155111", 24 * 60 * MIN - MIN), // alone at the window's start: its partner may be older
    ],
    { now: NOW, since: SINCE, complete: true },
  );

  it("finds the alert whose confirmed partner is more than ten minutes late", () => {
    expect(report.findings.map((f) => [f.event.transactionHashes[0]?.slice(0, 4), f.dueAt])).toEqual([
      ["0xbb", new Date(NOW - 30 * MIN + 216_000).toISOString()],
    ]);
  });

  it("hands the transactions whose confirmed alert came to the chain check, newest first", () => {
    expect(report.confirmedTransactions.map((e) => e.transactionHashes[0]?.slice(0, 4))).toEqual(["0xaa"]);
    expect(report.confirmedChecks).toEqual({
      asked: 0,
      of: 1,
      unknown: 0,
      disputed: [],
      // Nothing asked yet: the oldest not asked is 0xaa's first alert, an hour ago.
      oldestUnasked: new Date(NOW - 60 * MIN).toISOString(),
    });
  });

  it("counts the ones still waiting, and every transaction looked at", () => {
    expect(report.awaiting).toBe(2);
    expect(report.transactions).toBe(5);
  });

  it("counts a transaction's transfers: each first alert needs its confirmed one", () => {
    const three = (confirmedCount: number) =>
      pairAlerts(
        [
          ...["1", "2", "3"].map(() => alert("f", "eip155:11155111", 60 * MIN)),
          ...Array.from({ length: confirmedCount }, () => alert("f", "eip155:11155111", 60 * MIN - 216_000)),
        ],
        { now: NOW, since: SINCE, complete: true },
      );
    expect(three(3).findings).toHaveLength(0);
    expect(three(1).findings.map((f) => [f.alerts, f.confirmed])).toEqual([[3, 1]]);
  });

  it("follows a fixed wait when the sandbox sets one", () => {
    const fixed = pairAlerts([alert("c", "eip155:11155111", 5 * MIN)], {
      now: NOW,
      since: SINCE,
      confirmationMs: 1_000,
      complete: true,
    });
    expect(fixed.findings).toHaveLength(0);
    const late = pairAlerts([alert("c", "eip155:11155111", 11 * MIN)], {
      now: NOW,
      since: SINCE,
      confirmationMs: 1_000,
      complete: true,
    });
    expect(late.findings).toHaveLength(1);
  });
});

describe("what the chain holds against a confirmed transaction", () => {
  const mined = (status: "success" | "reverted", confirmations: number) =>
    ({ kind: "mined", status, blockNumber: 100, confirmations }) as const;
  it("disputes one the chain no longer has (reorganised out after its confirmed alert)", () => {
    expect(disagreement({ kind: "missing" }, 18)).toBe("missing");
  });
  it("disputes one that reverted, whatever its depth", () => {
    expect(disagreement(mined("reverted", 1000), 18)).toBe("reverted");
  });
  it("disputes one below the depth its confirmed alert stood for, and none at or past it", () => {
    expect(disagreement(mined("success", 17), 18)).toBe("shallow");
    expect(disagreement(mined("success", 18), 18)).toBeNull();
    expect(disagreement(mined("success", 5000), 18)).toBeNull();
  });
  it("holds nothing against a transaction the chain could not be asked about", () => {
    expect(disagreement({ kind: "unknown", message: "unreachable" }, 18)).toBeNull();
  });
});
