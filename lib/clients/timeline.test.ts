import { describe, expect, it } from "vitest";
import { kindOfAction } from "./timeline";
import { timelineQuerySchema } from "./timeline-query";

describe("the timeline's query", () => {
  it("takes a page cursor that is a record number, not one beyond any", () => {
    // The twin of the audit page's cursor, which the bad-input tests found overflowing the query's bigint (a 500).
    const page = (cursor: string) => timelineQuerySchema.safeParse({ cursor });
    expect(page("42")).toMatchObject({ success: true, data: { cursor: "42", kinds: [], limit: 25 } });
    expect(page(String(Number.MAX_SAFE_INTEGER)).success).toBe(true);
    for (const cursor of ["9223372036854775296", "9".repeat(400), "-1", "1e3"])
      expect(page(cursor).error?.issues[0]).toMatchObject({ path: ["cursor"], message: "expected a record number" });
  });
});

describe("timeline lines", () => {
  const line = (action: string, input: Record<string, unknown>, result: Record<string, unknown> = {}) =>
    kindOfAction(action)!.summary({ input, result } as never);

  it("names a built transfer's token by symbol and its chain by name", () => {
    const to = "0x1111111111111111111111111111111111111111";
    const usdc = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    expect(
      line("transfers.build", { amount: "1.5", token: usdc, to, chain: "eip155:11155111" }, { tokenSymbol: "USDC" }),
    ).toBe(`Unsigned transfer built: 1.5 USDC to ${to} on Sepolia`);
    expect(line("transfers.build", { amount: "1", token: "USDC", to, chain: "eip155:8453" })).toContain("1 USDC");
    expect(line("transfers.build", { amount: "1", token: usdc, to, chain: "eip155:1" })).toContain("token 0x5fbd…0aa3");
  });

  it("names a Solana mint and the wallet lab's NATIVE by their symbols", () => {
    const to = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
    expect(
      line("transfers.build", {
        amount: "25.5",
        token: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        to,
        chain: "solana",
      }),
    ).toBe(`Unsigned transfer built: 25.5 USDC to ${to} on Solana`);
    expect(
      line("lab.send", { amount: "0.01", token: "NATIVE", to, chainId: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1" }),
    ).toBe(`Sent 0.01 SOL to ${to} on Solana Devnet`);
    expect(line("lab.send", { amount: "0.01", token: "NATIVE", to: "0xabc", chainId: "eip155:80002" })).toBe(
      "Sent 0.01 POL to 0xabc on Polygon Amoy",
    );
    expect(line("lab.send", { amount: "2", token: "USDC", to: "0xabc", chainId: "eip155:11155111" })).toBe(
      "Sent 2 USDC to 0xabc on Sepolia",
    );
  });

  it("says a yield step's action in words, not the provider's code", () => {
    const signed = line("yield.sign", { stepIndex: 0, title: "Stake", actionType: "STAKE", runId: "r1" });
    expect(signed).toBe("Signed step 1 “Stake” (Stake) of yield run r1");
    expect(line("yield.sign", { stepIndex: 1, actionType: "CLAIM_REWARDS", runId: "r1" })).toContain("(Claim rewards)");
    expect(line("yield.run", { runId: "r1", intent: "enter", yieldId: "y" })).toBe("Yield run r1: Enter y");
  });

  it("says when an eject window closes in the console's time format", () => {
    expect(line("eject.execute", {}, { ejectableUntil: "2026-03-01T10:05:00.000Z" })).toBe(
      "Eject window opened until 2026-03-01 10:05 UTC",
    );
  });
});
