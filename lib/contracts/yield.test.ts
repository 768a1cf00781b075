import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  listYieldsFixture,
  submitHashFixture,
  yieldActionFixture,
  yieldActionsFixture,
  yieldBalancesFixture,
} from "@/testing/contracts/fixtures";
import {
  enterYieldBodySchema,
  exitYieldBodySchema,
  listYieldActionsQuerySchema,
  listYieldActionsResponseSchema,
  listYieldsQuerySchema,
  listYieldsResponseSchema,
  manageYieldBodySchema,
  submitHashBodySchema,
  submitHashResponseSchema,
  unsignedEvmTransactionFromJsonSchema,
  yieldActionResponseSchema,
  yieldBalancesBodySchema,
  yieldBalancesResponseSchema,
  yieldTransactionSchema,
} from "./index";

const issuePaths = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

const address = "0x6e818d8f9b6c53c59a2d957d36c2146e28906195";
const yieldId = "ethereum-sepolia-link-aave-v3-lending";

describe("opportunities", () => {
  it("accepts the list envelope and keeps unknown fields", () => {
    const item = { ...listYieldsFixture.data.rawResponse.items[0], risk: { score: 2 } };
    const parsed = listYieldsResponseSchema.parse({
      data: { rawResponse: { items: [item] } },
      metadata: { requestId: "r1" },
    });
    expect(parsed.data.rawResponse.items[0]).toMatchObject({ risk: { score: 2 } });
    expect(parsed.metadata).toMatchObject({ requestId: "r1" });
    expect(listYieldsResponseSchema.parse(listYieldsFixture).data.rawResponse.items[0]?.rewardRate.total).toBeCloseTo(
      0.0412,
    );
  });

  it("accepts fees as numbers or decimal strings, statistics left out or null, and a documentation URL", () => {
    const base = listYieldsFixture.data.rawResponse.items[0] as (typeof listYieldsFixture.data.rawResponse.items)[0];
    const { statistics: _statistics, ...withoutStatistics } = base;
    const shapes = [
      {
        ...base,
        mechanics: { ...base.mechanics, fee: { deposit: 0, withdrawal: 0, performance: 0.1, management: 0 } },
      },
      {
        ...withoutStatistics,
        mechanics: { ...base.mechanics, fee: { deposit: "0", withdrawal: "0", performance: "0.1", management: "0" } },
      },
      { ...base, statistics: null },
    ];
    for (const item of shapes) {
      const parsed = listYieldsResponseSchema.parse({ data: { rawResponse: { items: [item] } } });
      expect(parsed.data.rawResponse.items[0]?.metadata.documentation).toBe("https://docs.aave.com");
    }
    const bad = { ...base, mechanics: { ...base.mechanics, fee: { performance: "ten percent" } } };
    expect(issuePaths(listYieldsResponseSchema, { data: { rawResponse: { items: [bad] } } })).toEqual([
      "data.rawResponse.items.0.mechanics.fee.performance",
    ]);
  });

  it("rejects a bare provider body without the envelope", () => {
    expect(issuePaths(listYieldsResponseSchema, listYieldsFixture.data.rawResponse)).toEqual(["data"]);
  });

  it("parses the list query", () => {
    expect(
      listYieldsQuerySchema.parse({ limit: "20", network: "eip155:11155111", hasCooldownPeriod: "false" }),
    ).toEqual({
      limit: 20,
      network: "eip155:11155111",
      hasCooldownPeriod: false,
    });
    expect(listYieldsQuerySchema.safeParse({ limit: "0" }).success).toBe(false);
    expect(listYieldsQuerySchema.safeParse({ limit: 101 }).success).toBe(false);
  });
});

describe("enter, exit, manage", () => {
  it("requires address and yieldId; amount is a positive decimal", () => {
    expect(enterYieldBodySchema.safeParse({ address, yieldId, arguments: { amount: "0.001" } }).success).toBe(true);
    expect(exitYieldBodySchema.safeParse({ address, yieldId, arguments: { amount: "1" } }).success).toBe(true);
    expect(issuePaths(enterYieldBodySchema, { arguments: { amount: "0" } })).toEqual([
      "address",
      "yieldId",
      "arguments.amount",
    ]);
  });

  it("passes provider-specific arguments through", () => {
    const parsed = enterYieldBodySchema.parse({
      address,
      yieldId,
      arguments: { amount: "1", validatorAddress: "0xv", subnetId: 3, customFlag: true },
    });
    expect(parsed.arguments).toMatchObject({ customFlag: true, subnetId: 3 });
  });

  it("requires the pending action's type and passthrough to manage", () => {
    expect(manageYieldBodySchema.safeParse({ action: "WITHDRAW", address, passthrough: "eyJh", yieldId }).success).toBe(
      true,
    );
    expect(issuePaths(manageYieldBodySchema, { address, yieldId })).toEqual(["action", "passthrough"]);
  });

  it("accepts the action response, keeping both transaction id names", () => {
    const parsed = yieldActionResponseSchema.parse(yieldActionFixture);
    const [first] = parsed.data.rawResponse.transactions;
    expect(first?.id).toBe("6f1d2c3b-aaaa-4bbb-8ccc-0d1e2f3a4b5c");
    expect(first?.transactionId).toBe(first?.id);
  });

  it("accepts the spec's transactionId-only item and the docs' partial action", () => {
    const tx = yieldTransactionSchema.parse({
      transactionId: "t1",
      unsignedTransaction: "{}",
      status: "CREATED",
      stepIndex: 0,
    });
    expect(tx.id).toBe("t1");
    const partial = {
      data: {
        rawResponse: {
          transactions: [{ id: "t2", status: "CREATED", stepIndex: 0, unsignedTransaction: null }],
          yieldId,
        },
      },
    };
    expect(yieldActionResponseSchema.safeParse(partial).success).toBe(true);
  });

  it("reports a transaction without id or stepIndex by path", () => {
    const broken = { data: { rawResponse: { transactions: [{ status: "CREATED", stepIndex: -1 }] } } };
    expect(issuePaths(yieldActionResponseSchema, broken)).toEqual([
      "data.rawResponse.transactions.0.id",
      "data.rawResponse.transactions.0.transactionId",
      "data.rawResponse.transactions.0.stepIndex",
    ]);
  });

  it("parses the JSON-encoded unsignedTransaction", () => {
    const raw = yieldActionFixture.data.rawResponse.transactions[0]?.unsignedTransaction as string;
    const tx = unsignedEvmTransactionFromJsonSchema.parse(raw);
    expect(tx.to).toBe("0x779877a7b0d9e8603169ddbd7836e478b4624789");
    expect(tx.gasLimit).toBe("0xb71b");
  });
});

describe("balances", () => {
  it("accepts items, errors and metadata", () => {
    const parsed = yieldBalancesResponseSchema.parse(yieldBalancesFixture);
    const balance = parsed.data.rawResponse.items[0]?.balances[0];
    expect(balance?.pendingActions[0]?.passthrough).toMatch(/^eyJ/);
    expect(parsed.data.rawResponse.errors).toHaveLength(1);
    expect(parsed.metadata?.clientId).toBe("clu32l6c8008wuvz52jokyo3r");
  });

  it("rejects a balance without isEarning or with a numeric amount", () => {
    const balance = { ...yieldBalancesFixture.data.rawResponse.items[0]?.balances[0], amount: 1, isEarning: undefined };
    const body = { data: { rawResponse: { items: [{ yieldId, balances: [balance] }], errors: [] } } };
    expect(issuePaths(yieldBalancesResponseSchema, body)).toEqual([
      "data.rawResponse.items.0.balances.0.amount",
      "data.rawResponse.items.0.balances.0.isEarning",
    ]);
  });

  it("types the exiting date and the share token of a balance, and checks them", () => {
    const balance = {
      ...yieldBalancesFixture.data.rawResponse.items[0]?.balances[0],
      type: "exiting",
      date: "2026-07-01T00:00:00.000Z",
      shareAmount: "0.00098",
      shareAmountRaw: "980000000000000",
      shareToken: { symbol: "aEthLINK", name: "Aave Ethereum LINK", decimals: 18, network: "eip155:11155111" },
    };
    const body = { data: { rawResponse: { items: [{ yieldId, balances: [balance] }], errors: [] } } };
    const parsed = yieldBalancesResponseSchema.parse(body).data.rawResponse.items[0]?.balances[0];
    expect(parsed?.date).toBe("2026-07-01T00:00:00.000Z");
    expect(parsed?.shareToken?.symbol).toBe("aEthLINK");
    const broken = {
      data: {
        rawResponse: {
          items: [{ yieldId, balances: [{ ...balance, shareAmount: 1, shareToken: { symbol: "x" } }] }],
          errors: [],
        },
      },
    };
    expect(issuePaths(yieldBalancesResponseSchema, broken)).toEqual([
      "data.rawResponse.items.0.balances.0.shareAmount",
      "data.rawResponse.items.0.balances.0.shareToken.name",
      "data.rawResponse.items.0.balances.0.shareToken.decimals",
      "data.rawResponse.items.0.balances.0.shareToken.network",
    ]);
  });

  it("takes queries of address and CAIP-2 network", () => {
    expect(
      yieldBalancesBodySchema.safeParse({ queries: [{ address, network: "eip155:11155111", yieldId }] }).success,
    ).toBe(true);
    expect(yieldBalancesBodySchema.safeParse({ queries: [{ address, network: "ethereum-sepolia" }] }).success).toBe(
      true,
    );
    expect(issuePaths(yieldBalancesBodySchema, { queries: [] })).toEqual(["queries"]);
    expect(issuePaths(yieldBalancesBodySchema, { queries: [{ network: "Not A Network" }] })).toEqual([
      "queries.0.address",
      "queries.0.network",
    ]);
  });
});

describe("history and submit-hash", () => {
  it("accepts the history envelope and requires address", () => {
    expect(listYieldActionsResponseSchema.parse(yieldActionsFixture).data.rawResponse.items).toHaveLength(1);
    expect(listYieldActionsQuerySchema.safeParse({ address, limit: "10" }).success).toBe(true);
    expect(issuePaths(listYieldActionsQuerySchema, {})).toEqual(["address"]);
  });

  it("requires a hash and accepts the updated transaction", () => {
    expect(
      submitHashBodySchema.safeParse({ hash: "0x229c1cc8ed898fae917e0ed90af94c624015e53a790eda1a7d30b1ca2ffd916c" })
        .success,
    ).toBe(true);
    expect(submitHashBodySchema.safeParse({ hash: "" }).success).toBe(false);
    expect(submitHashResponseSchema.parse(submitHashFixture).data.rawResponse.status).toBe("BROADCASTED");
  });
});
