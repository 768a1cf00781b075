import { describe, expect, it } from "vitest";
import { YIELD_NETWORKS } from "@/lib/chains";
import { yieldOpportunitySchema } from "@/lib/contracts";
import { bundler } from "../aa/accounts";
import { SERVED_REFERENCES } from "../chain/references";
import { extensionAddresses } from "../genesis-extensions";
import { OPPORTUNITIES, opportunityJson } from "./catalogue";
import { CATALOGUE, POOLS, poolSettings, rateWad } from "./catalogue-data";

describe("the yield catalogue", () => {
  it("has at least 12 opportunities, each a valid provider object on a served eip155 yield network", () => {
    expect(OPPORTUNITIES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(OPPORTUNITIES.map((o) => o.id)).size).toBe(OPPORTUNITIES.length);
    for (const o of OPPORTUNITIES) {
      expect(YIELD_NETWORKS).toContain(o.chainId);
      expect(SERVED_REFERENCES).toContain(o.reference);
      const json = yieldOpportunitySchema.parse(opportunityJson(o, "http://127.0.0.1:4010"));
      expect(json.id).toBe(o.id);
      expect(json.rewardRate.total).toBe(o.rate);
    }
    // The kinds the issue asks for.
    expect(OPPORTUNITIES.some((o) => o.spec.kind === "vault" && o.token.symbol === "USDC")).toBe(true);
    expect(OPPORTUNITIES.some((o) => o.spec.kind === "liquid-staking" && o.token.address === null)).toBe(true);
    expect(OPPORTUNITIES.some((o) => o.spec.kind === "staking" && o.cooldownSeconds > 0)).toBe(true);
    expect(OPPORTUNITIES.some((o) => o.rewardClaiming === "manual")).toBe(true);
  });

  it("deploys each pool with the catalogue's rate on the catalogue's networks and defaults elsewhere", () => {
    for (const entry of CATALOGUE) expect(poolSettings(entry.reference, entry.pool).rate).toBe(entry.rate);
    expect(poolSettings(56, "usdcVault")).toEqual({ rate: POOLS.usdcVault.defaultRate, cooldownSeconds: 0 });
    expect(poolSettings(56, "linkStaking").cooldownSeconds).toBe(7 * 86_400);
    expect(rateWad(0.0485)).toBe(48_500_000_000_000_000n);
    expect(rateWad(0.062)).toBe(62_000_000_000_000_000n);
  });

  it("keeps the contract addresses sandbox/docs/chains.md documents (nonces 5–15 of the deployer)", () => {
    expect(extensionAddresses()).toEqual({
      rewardDistributor: "0x48A064DC4289edaEa99856B1a0056aA6C5FCCDC0",
      usdcVault: "0x9E26034CCc560895E2f38681cEE75ba0300E3ba7",
      usdtVault: "0xa5a3375bF84F2F8C301347A856C75674650aB79D",
      wethVault: "0x1036361489674b0b7ED5Bff6ADc78a21696C536a",
      liquidStaking: "0x98636Ee814cc5235Ef358bC607915318f5204392",
      linkStaking: "0x1396D7caB066bab9c951b16Be86B007a6d2b063a",
      nativeStaking: "0x4236414A23089556d53df1b920AC0d3fa4Ab7A52",
      wethRewards: "0x442aFB6cdB1c1FDd27523908295bBafE6E030Bc1",
      entryPoint: "0x374AD0C588d12BC2D09A0a23b351a305f250e21C",
      accountFactory: "0x4b7a00fcD4156e609E9918f7B41511602398a3E4",
      paymaster: "0xf6635B60b4f4F81157302762359aC5C99268C0Fb",
    });
    expect(bundler.address).toBe("0x8E3781697F89E12E9AFb640e10d29a416BEc21e0");
  });
});
