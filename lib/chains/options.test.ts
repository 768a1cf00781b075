import { describe, expect, it } from "vitest";
import { chainOptions, compareChainTables, describeDifference } from "./options";

describe("picker options", () => {
  it("lists each chain of the assets table once: 11 chains behind its shortcuts plus 15 full ids", () => {
    const options = chainOptions("assets");
    expect(options).toHaveLength(26);
    expect(new Set(options.map((o) => o.value)).size).toBe(26);
    expect(new Set(options.map((o) => o.label)).size).toBe(26);
  });

  it("lists each chain of the build-transaction table once: 19 names for 17 chains", () => {
    const options = chainOptions("buildTransaction");
    expect(options).toHaveLength(17);
    expect(new Set(options.map((o) => o.value)).size).toBe(17);
  });

  it("labels a chain by name with its CAIP-2 id and sends the id", () => {
    const sepolia = chainOptions("assets").find((o) => o.aliases.includes("sepolia"));
    expect(sepolia).toMatchObject({ value: "eip155:11155111", label: "Sepolia — eip155:11155111", family: "eip155" });
    const bitcoin = chainOptions("buildTransaction").find((o) => o.aliases.includes("bitcoin-segwit-testnet"));
    expect(bitcoin?.aliases.sort()).toEqual(["bitcoin-p2wpkh-testnet", "bitcoin-segwit-testnet"]);
    expect(bitcoin?.label).toBe("Bitcoin Testnet (SegWit) — bip122:000000000933ea01ad0ee984209779ba-p2wpkh");
  });

  it("marks no chain unless asked to compare", () => {
    expect(chainOptions("buildTransaction").filter((o) => o.difference)).toEqual([]);
  });
});

describe("where the build-transaction table differs from the assets table", () => {
  const options = chainOptions("buildTransaction", "assets");
  const byValue = (id: string) => options.find((o) => o.value === id);

  it("marks exactly Base Goerli (called base-sepolia) and Polygon Mumbai", () => {
    expect(options.filter((o) => o.difference).map((o) => o.value)).toEqual(["eip155:84531", "eip155:80001"]);
    expect(byValue("eip155:84531")?.label).toBe("Base Goerli — eip155:84531 (differs from balances)");
    expect(byValue("eip155:80001")?.label).toBe("Polygon Mumbai — eip155:80001 (not in balances)");
    // Celo has a name only here, but balances take its id: nothing differs for the user.
    expect(byValue("eip155:42220")?.difference).toBeUndefined();
  });

  it("says base-sepolia means 84531 here and 84532 for balances, which cannot be read for 84531", () => {
    const option = byValue("eip155:84531");
    if (!option?.difference) throw new Error("no difference");
    expect(describeDifference("buildTransaction", "assets", option.value, option.difference)).toEqual([
      "For transfers, “base-sepolia” is Base Goerli (eip155:84531); for balances, the same name is Base Sepolia (eip155:84532).",
      "Base Goerli (eip155:84531) is not in the balances table: balances cannot be read for it.",
    ]);
  });

  it("summarises both directions", () => {
    const comparison = compareChainTables("buildTransaction", "assets");
    expect(comparison.renamed).toEqual([{ alias: "base-sepolia", here: "eip155:84531", there: "eip155:84532" }]);
    expect(comparison.onlyHere).toEqual(["eip155:84531", "eip155:80001"]);
    expect(comparison.onlyThere.sort()).toEqual(
      [
        "eip155:84532",
        "eip155:80002",
        "eip155:10143",
        "eip155:10",
        "eip155:56",
        "eip155:97",
        "eip155:250",
        "eip155:1284",
        "eip155:42161",
        "eip155:43114",
        "eip155:59144",
      ].sort(),
    );
  });
});
