import { describe, expect, it } from "vitest";
import type { YieldAction } from "@/lib/contracts";
import { positionNetworks } from "./positions";

const action = (...networks: (string | undefined)[]): YieldAction => ({
  transactions: networks.map((network, stepIndex) => ({
    id: `t${stepIndex}`,
    transactionId: `t${stepIndex}`,
    status: "CONFIRMED",
    stepIndex,
    ...(network ? { network } : {}),
  })) as YieldAction["transactions"],
});

describe("positionNetworks", () => {
  it("reads the networks of the client's runs first, then those of the provider's actions, once each", () => {
    expect(
      positionNetworks(["eip155:84532"], [action("ethereum-sepolia", "ethereum-sepolia"), action("base-sepolia")]),
    ).toEqual(["eip155:84532", "eip155:11155111"]);
  });

  it("takes CAIP-2 ids as the provider may send them, and leaves out networks it does not know", () => {
    expect(positionNetworks([], [action("eip155:137", "not-a-network", undefined)])).toEqual(["eip155:137"]);
  });

  it("reads Sepolia for a client with no run and no action", () => {
    expect(positionNetworks([], [])).toEqual(["eip155:11155111"]);
  });

  it("reads at most ten networks", () => {
    const many = Array.from({ length: 12 }, (_, i) => `eip155:${i + 1}`);
    expect(positionNetworks(many, [])).toHaveLength(10);
  });
});
