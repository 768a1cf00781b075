import { describe, expect, it } from "vitest";
import type { AlertEvent } from "@/lib/contracts/alerts";
import { dropHorizon } from "./drop-horizon";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;

function event(
  id: string,
  status: AlertEvent["deliveryStatus"],
  retries: number,
  lastAttemptAgoMs: number,
): AlertEvent {
  return {
    id,
    type: "EIP_155_TX_V1",
    chainId: "eip155:11155111",
    blockNumber: 1,
    transactionHashes: [`0x${id.padStart(64, "0")}`],
    deliveryStatus: status,
    retries,
    errorMessage: status === "failed" ? "Request failed with status code 500" : null,
    confirmed: status === "success" ? 1 : null,
    createdAt: new Date(NOW - 50 * HOUR).toISOString(),
    updatedAt: new Date(NOW - lastAttemptAgoMs).toISOString(),
  };
}

// The documented waits after attempt n: 1 min, 10 min, 1 h, 2 h, 6 h, 12 h, 24 h.
describe("the drop horizon", () => {
  const horizon = dropHorizon(
    [
      event("b", "failed", 0, 30_000), // next in 30 s; dropped 45 h 11 min after its first attempt
      event("a", "failed", 6, 23 * HOUR + 30 * MIN), // the last retry in 30 min, dropped then
      event("c", "failed", 7, 5 * MIN), // dropped five minutes ago
      event("d", "success", 2, HOUR),
      event("e", "failed", 5, HOUR), // next in 11 h, dropped 24 h after that
      event("f", "failed", 6, 2 * HOUR), // the last retry in 22 h
    ],
    { now: NOW, scale: 1, since: new Date(NOW - 47 * HOUR).toISOString(), complete: true },
  );

  it("lists the failed events still being retried, lost soonest first, with their next retry and drop time", () => {
    expect(horizon.events.map((e) => [e.event.id, e.nextRetryAt, e.dropsAt, e.retriesLeft])).toEqual([
      ["a", new Date(NOW + 30 * MIN).toISOString(), new Date(NOW + 30 * MIN).toISOString(), 1],
      ["f", new Date(NOW + 22 * HOUR).toISOString(), new Date(NOW + 22 * HOUR).toISOString(), 1],
      ["e", new Date(NOW + 11 * HOUR).toISOString(), new Date(NOW + 35 * HOUR).toISOString(), 2],
      ["b", new Date(NOW + 30_000).toISOString(), new Date(NOW - 30_000 + (45 * 60 + 11) * MIN).toISOString(), 7],
    ]);
  });

  it("counts what is lost within the hour and the day, and what was dropped already", () => {
    expect([horizon.dropsWithinHour, horizon.dropsWithinDay, horizon.dropped]).toEqual([1, 2, 1]);
  });

  it("follows a compressed schedule", () => {
    const fast = dropHorizon([event("x", "failed", 0, 0)], {
      now: NOW,
      scale: 0.001,
      since: new Date(NOW).toISOString(),
      complete: true,
    });
    expect(fast.events[0]?.dropsAt).toBe(new Date(NOW + (45 * 60 + 11) * MIN * 0.001).toISOString());
    expect(fast.dropsWithinHour).toBe(1);
  });
});
