import { describe, expect, it } from "vitest";
import { filterPending, pendingChoices, pendingCountWords, type PendingRow } from "./pending";

const row = (over: Partial<PendingRow>): PendingRow => ({
  clientId: "c1",
  isAccountAbstracted: false,
  yieldId: "ethereum-sepolia-link-sandbox-staking",
  network: "eip155:11155111",
  balanceType: "claimable",
  action: "CLAIM_REWARDS",
  amount: "0.5",
  symbol: "LINK",
  amountUsd: null,
  since: null,
  ...over,
});

describe("pending actions across clients", () => {
  const rows = [
    row({}),
    row({ clientId: "c2", action: "WITHDRAW", balanceType: "withdrawable" }),
    row({ clientId: "c2", network: "eip155:84532" }),
  ];

  it("filters by client, network and action type, each optional, all together", () => {
    expect(filterPending(rows, { client: null, network: null, type: null })).toEqual(rows);
    expect(filterPending(rows, { client: "c2", network: null, type: null })).toEqual([rows[1], rows[2]]);
    expect(filterPending(rows, { client: "c2", network: "eip155:84532", type: null })).toEqual([rows[2]]);
    expect(filterPending(rows, { client: null, network: null, type: "WITHDRAW" })).toEqual([rows[1]]);
    expect(filterPending(rows, { client: "c1", network: null, type: "WITHDRAW" })).toEqual([]);
  });

  it("offers each client, network and type once, sorted", () => {
    expect(pendingChoices(rows)).toEqual({
      clients: ["c1", "c2"],
      networks: ["eip155:11155111", "eip155:84532"],
      types: ["CLAIM_REWARDS", "WITHDRAW"],
    });
  });
});

describe("the pending actions count in words", () => {
  it("says there are none instead of counting nothing out of nothing", () => {
    expect(pendingCountWords(0, 0)).toBe("No pending actions");
  });

  it("counts what is shown, and says how many filters hide", () => {
    expect(pendingCountWords(1, 1)).toBe("1 pending action");
    expect(pendingCountWords(1200, 1200)).toBe("1,200 pending actions");
    expect(pendingCountWords(0, 3)).toBe("0 of 3 pending actions");
    expect(pendingCountWords(2, 3)).toBe("2 of 3 pending actions");
  });
});
