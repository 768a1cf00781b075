import { describe, expect, it } from "vitest";
import { ejectSummaryOf, sharesHandedOut } from "./summary";

const now = Date.parse("2026-03-01T12:00:00Z");
const wallet = (ejectableUntil: string | null = null) => ({ ejectableUntil }) as never;
const client = (over: { ejectedAt?: string | null; wallets?: never[] } = {}) => ({
  ejectedAt: over.ejectedAt ?? null,
  wallets: over.wallets ?? [wallet(), wallet()],
});
const request = (
  id: string,
  status: string,
  requestedAt: string,
  sharesFetchedAt: string | null = null,
  walletId = "w1",
) => ({ id, walletId, status, requestedAt, sharesFetchedAt });

describe("ejectSummaryOf (the clients list and the client page)", () => {
  it("calls a client ejected once the console handed its shares out, though the upstream record does not say so", () => {
    const handedOut = request("r1", "executed", "2026-03-01T10:00:00Z", "2026-03-01T10:05:00Z");
    expect(ejectSummaryOf(client({ wallets: [wallet()] }), [handedOut], now)).toEqual({
      state: "ejected",
      at: "2026-03-01T10:05:00.000Z",
    });
    // One wallet of two: said so, not the whole client.
    expect(ejectSummaryOf(client(), [handedOut], now)).toEqual({
      state: "ejected",
      at: "2026-03-01T10:05:00.000Z",
      wallets: { ejected: 1, total: 2 },
    });
    // Even while an upstream window is still open on another wallet, or a later request waits.
    const open = client({ wallets: [wallet("2026-03-01T12:03:00Z")] });
    const later = request("r2", "pending", "2026-03-01T11:00:00Z", null, "w2");
    expect(ejectSummaryOf(open, [later, handedOut], now)).toMatchObject({ state: "ejected" });
  });

  it("takes the upstream's ejectedAt first", () => {
    const handedOut = request("r1", "executed", "2026-03-01T10:00:00Z", "2026-03-01T10:05:00Z");
    expect(ejectSummaryOf(client({ ejectedAt: "2026-02-01T00:00:00Z" }), [handedOut], now)).toEqual({
      state: "ejected",
      at: "2026-02-01T00:00:00Z",
    });
  });

  it("shows an open window, then an approved request, then a pending one; a window in the past is not open", () => {
    const pending = request("p", "pending", "2026-03-01T11:30:00Z");
    const approved = request("a", "approved", "2026-03-01T09:00:00Z", null, "w2");
    expect(ejectSummaryOf(client({ wallets: [wallet("2026-03-01T12:02:00Z")] }), [pending, approved], now)).toEqual({
      state: "open",
      until: "2026-03-01T12:02:00Z",
    });
    expect(ejectSummaryOf(client({ wallets: [wallet("2026-03-01T11:59:00Z")] }), [pending, approved], now)).toEqual({
      state: "approved",
      requestId: "a",
    });
    expect(ejectSummaryOf(client(), [pending], now)).toEqual({ state: "pending", requestId: "p" });
    expect(ejectSummaryOf(client(), [request("x", "withdrawn", "2026-03-01T11:00:00Z")], now)).toEqual({
      state: "none",
    });
  });

  it("knows per wallet whether its shares were handed out", () => {
    const requests = [request("r1", "executed", "2026-03-01T10:00:00Z", "2026-03-01T10:05:00Z", "w1")];
    expect(sharesHandedOut(requests, "w1")).toBe("2026-03-01T10:05:00.000Z");
    expect(sharesHandedOut(requests, "w2")).toBeUndefined();
  });
});
