import { describe, expect, it } from "vitest";
import { walletEjection } from "./wallet-ejection";

const request = (over: {
  walletId: string;
  sharesFetchedAt?: string | null;
  sharesFetchedByEmail?: string | null;
}) => ({
  sharesFetchedAt: null,
  sharesFetchedByEmail: null,
  ...over,
});

describe("walletEjection (a wallet's card on the client page)", () => {
  it("says a wallet whose backup shares were downloaded is ejected, when and by whom", () => {
    const requests = [
      request({ walletId: "w1", sharesFetchedAt: "2026-03-01T10:05:00Z", sharesFetchedByEmail: "ana@example.test" }),
      request({ walletId: "w2" }),
    ];
    expect(walletEjection({ ejectedAt: null }, requests, "w1")).toEqual({
      at: "2026-03-01T10:05:00.000Z",
      by: "ana@example.test",
      source: "console",
    });
    // The other wallet of the same client was only requested: not ejected.
    expect(walletEjection({ ejectedAt: null }, requests, "w2")).toBeUndefined();
  });

  it("takes the first download when there were several, and its downloader", () => {
    const requests = [
      request({ walletId: "w1", sharesFetchedAt: "2026-03-02T08:00:00Z", sharesFetchedByEmail: "later@example.test" }),
      request({ walletId: "w1", sharesFetchedAt: "2026-03-01T10:05:00Z", sharesFetchedByEmail: "first@example.test" }),
    ];
    expect(walletEjection({ ejectedAt: null }, requests, "w1")).toMatchObject({
      at: "2026-03-01T10:05:00.000Z",
      by: "first@example.test",
    });
  });

  it("takes the upstream's word for a client ejected elsewhere, naming nobody", () => {
    expect(walletEjection({ ejectedAt: "2026-02-01T00:00:00.000Z" }, [], "w1")).toEqual({
      at: "2026-02-01T00:00:00.000Z",
      source: "upstream",
    });
  });

  it("leaves a wallet whose shares nobody downloaded alone, whatever its requests wait for", () => {
    expect(walletEjection({ ejectedAt: null }, [request({ walletId: "w1" })], "w1")).toBeUndefined();
  });
});
