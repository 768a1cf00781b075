import { describe, expect, it } from "vitest";
import { YIELD_NETWORKS } from "@/lib/chains";
import { YIELD_NETWORK_SLUGS, yieldNetworkId } from "./networks";

describe("yield networks", () => {
  it("maps the provider's slugs to the spec's CAIP-2 ids and keeps CAIP-2 ids as they are", () => {
    expect(yieldNetworkId("ethereum-sepolia")).toBe("eip155:11155111");
    expect(yieldNetworkId("Base")).toBe("eip155:8453");
    expect(yieldNetworkId("eip155:84532")).toBe("eip155:84532");
    expect(yieldNetworkId("solana-devnet")).toMatch(/^solana:/);
    expect(yieldNetworkId("atlantis")).toBeUndefined();
  });

  it("has a slug for every network the spec names for yield, each once", () => {
    const ids = Object.values(YIELD_NETWORK_SLUGS);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...YIELD_NETWORKS].sort());
  });
});
