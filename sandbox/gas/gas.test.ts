import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gasUsageResponseSchema } from "@/lib/contracts";
import { startTestSandbox, TEST_ANCHOR_MS, type TestSandbox } from "@/testing/sandbox";
import { GasUsageLedger } from "./usage-ledger";

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const usage = (chain: string) => sb.admin(`/api/v3/custodians/me/gas-sponsors/chains/${chain}/usage`);
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

describe("gas sponsorship usage", () => {
  it("returns seeded history newest month first, with totals that add up", async () => {
    for (const chain of ["eip155%3A11155111", "eip155:11155111"]) {
      const res = await usage(chain);
      expect(res.status).toBe(200);
      const body = gasUsageResponseSchema.parse(await res.json());
      expect(body.chainId).toBe("eip155:11155111");
      expect(body.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(body.usageData.length).toBeGreaterThan(6);
      expect(body.usageData[0]).toMatchObject({ month: "June", year: 2026 });
      const order = body.usageData.map((m) => m.year * 12 + MONTHS.indexOf(m.month));
      expect(order).toEqual([...order].sort((a, b) => b - a));
      expect(body.totalTxsSponsored).toBe(body.usageData.reduce((s, m) => s + m.txCount, 0));
      const totalWei = body.usageData.reduce((s, m) => s + BigInt(Math.round(Number(m.usage) * 1e9)), 0n);
      expect(Number(totalWei) / 1e9).toBeCloseTo(Number(body.totalUsage), 6);
    }
  });

  it("adds real sponsored operations to the current month", async () => {
    const ledger = new GasUsageLedger("s", TEST_ANCHOR_MS, undefined, () => Date.UTC(2026, 10, 20));
    const before = ledger.report("eip155:84532");
    ledger.recordSponsoredOperation({ chainId: "eip155:84532", costWei: 21_000n * 2_000_000_000n });
    ledger.recordSponsoredOperation({ chainId: "eip155:84532", costWei: 1n });
    const after = ledger.report("eip155:84532");
    expect(after.usageData[0]).toEqual({ month: "November", year: 2026, usage: "0.000042000000000001", txCount: 2 });
    expect(after.totalTxsSponsored).toBe(before.totalTxsSponsored + 2);
    // Persisted additions come back.
    const restored = new GasUsageLedger("s", TEST_ANCHOR_MS);
    restored.load(JSON.parse(JSON.stringify(ledger.dump())));
    expect(restored.report("eip155:84532")).toEqual(after);
  });

  it("answers an empty history for an EVM chain without sponsorship", async () => {
    const body = gasUsageResponseSchema.parse(await (await usage("eip155%3A43114")).json());
    expect(body).toMatchObject({ chainId: "eip155:43114", usageData: [], totalUsage: "0", totalTxsSponsored: 0 });
  });

  it.each(["ethereum", "eip155", "solana%3A5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"])("400s %s", async (chain) => {
    const res = await usage(chain);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^chainId: /);
  });
});
