import { createSerializer } from "nuqs/server";
import { describe, expect, it } from "vitest";
import { GAS_CHAINS, gasUrlParsers, loadGasUrl, MAX_GAS_CHAINS, validGasChains } from "./search-params";

describe("the gas page's URL", () => {
  it("offers every eip155 chain of the spec and nothing else", () => {
    expect(GAS_CHAINS).toContain("eip155:1");
    expect(GAS_CHAINS).toContain("eip155:84532");
    expect(GAS_CHAINS).toContain("eip155:43114");
    expect(GAS_CHAINS.every((c) => c.startsWith("eip155:"))).toBe(true);
  });

  it("reads and writes chains and range, with defaults", () => {
    expect(loadGasUrl({})).toEqual({ chains: ["eip155:1"], range: "12" });
    expect(loadGasUrl({ chains: "eip155:1,eip155:8453", range: "24" })).toEqual({
      chains: ["eip155:1", "eip155:8453"],
      range: "24",
    });
    expect(loadGasUrl({ range: "7" }).range).toBe("12");
    expect(createSerializer(gasUrlParsers)({ chains: ["eip155:1", "eip155:137"], range: "all" })).toBe(
      "?chains=eip155:1,eip155:137&range=all",
    );
  });

  it("drops unknown and non-EVM chains and duplicates, and says so", () => {
    expect(validGasChains(["eip155:1", "eip155:1", "eip155:8453"])).toEqual({ chains: ["eip155:1", "eip155:8453"] });
    const checked = validGasChains(["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "eip155:999999"]);
    expect(checked.chains).toEqual(["eip155:1"]);
    expect(checked.note).toMatch(/are not EVM chains the console knows/);
    const many = validGasChains(GAS_CHAINS.slice(0, MAX_GAS_CHAINS + 2));
    expect(many.chains).toHaveLength(MAX_GAS_CHAINS);
    expect(many.note).toMatch(/Only 8 chains/);
  });
});
