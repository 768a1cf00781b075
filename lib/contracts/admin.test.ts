import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  alertEventsFixture,
  alertWebhooksFixture,
  assetsFixture,
  bitcoinBuildTransactionFixture,
  clientFixture,
  createClientFixture,
  ejectableBackupSharesFixture,
  evmBuildTransactionFixture,
  formattedTransferFixture,
  gasUsageFixture,
  listClientsFixture,
  solanaBuildTransactionFixture,
} from "@/testing/contracts/fixtures";
import {
  alertEventSchema,
  assetsParamsSchema,
  assetsResponseSchema,
  bitcoinBuildTransactionResponseSchema,
  buildTransactionBodySchema,
  buildTransactionParamsSchema,
  buildTransactionResponseSchema,
  buildTransactionResponseSchemaFor,
  clientSchema,
  createClientBodySchema,
  createClientResponseSchema,
  createSessionResponseSchema,
  ejectableBackupSharesResponseSchema,
  enableEjectBodySchema,
  enableEjectResponseSchema,
  evmBuildTransactionResponseSchema,
  formatAlertBodySchema,
  formatAlertsResponseSchema,
  formatWalletAlertResponseSchema,
  gasUsageParamsSchema,
  gasUsageResponseSchema,
  listAlertEventsQuerySchema,
  listAlertEventsResponseSchema,
  listAlertWebhooksResponseSchema,
  listClientsQuerySchema,
  listClientsResponseSchema,
  replayFailedEventsBodySchema,
  replayFailedEventsResponseSchema,
  retryByBlockNumberBodySchema,
  solanaBuildTransactionResponseSchema,
  webOtpResponseSchema,
} from "./index";

const issuePaths = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

describe("clients", () => {
  it("accepts create/session/otp responses and keeps extra fields", () => {
    expect(createClientResponseSchema.parse({ ...createClientFixture, environmentId: "env1" })).toMatchObject({
      environmentId: "env1",
    });
    expect(
      createSessionResponseSchema.parse({ id: "c1", clientSessionToken: "t", isAccountAbstracted: true })
        .clientSessionToken,
    ).toBe("t");
    expect(webOtpResponseSchema.parse({ id: "c1", otp: "481516" }).otp).toBe("481516");
  });

  it("rejects a create response without its key", () => {
    const { clientApiKey: _key, ...rest } = createClientFixture;
    expect(issuePaths(createClientResponseSchema, rest)).toEqual(["clientApiKey"]);
  });

  it("takes an optional boolean isAccountAbstracted", () => {
    expect(createClientBodySchema.parse({})).toEqual({});
    expect(createClientBodySchema.parse({ isAccountAbstracted: true })).toEqual({ isAccountAbstracted: true });
    expect(createClientBodySchema.safeParse({ isAccountAbstracted: "yes" }).success).toBe(false);
  });

  it("accepts the client read and keeps unknown fields at every level", () => {
    const withExtras = {
      ...clientFixture,
      newTopLevel: { a: 1 },
      environment: { ...clientFixture.environment, region: "us" },
      wallets: clientFixture.wallets.map((w) => ({ ...w, label: "main" })),
    };
    const parsed = clientSchema.parse(withExtras);
    expect(parsed).toMatchObject({ newTopLevel: { a: 1 }, environment: { region: "us" } });
    expect(parsed.wallets[0]).toMatchObject({ label: "main" });
    expect(parsed.metadata.namespaces.bip122?.bitcoin?.p2wpkh?.testnet).toMatch(/^tb1/);
  });

  it("accepts the docs' client without ejectableUntil and with a single namespace", () => {
    const { ejectableUntil: _e, ...wallet } = clientFixture.wallets[0] as (typeof clientFixture.wallets)[0];
    const minimal = {
      ...clientFixture,
      metadata: { namespaces: { eip155: clientFixture.metadata.namespaces.eip155 } },
      wallets: [wallet],
    };
    expect(clientSchema.safeParse(minimal).success).toBe(true);
  });

  it("reports the failing field's path", () => {
    const broken = { ...clientFixture, wallets: [{ ...clientFixture.wallets[0], curve: "P256" }] };
    expect(issuePaths(clientSchema, broken)).toEqual(["wallets.0.curve"]);
  });

  it("accepts the list envelope and a null cursor", () => {
    expect(listClientsResponseSchema.parse(listClientsFixture).metadata.total).toBe(1000);
    expect(
      listClientsResponseSchema.safeParse({ ...listClientsFixture, metadata: { cursor: null, take: 100, total: 1 } })
        .success,
    ).toBe(true);
    expect(issuePaths(listClientsResponseSchema, { data: [] })).toEqual(["results", "metadata"]);
  });

  it("applies take 1..100 with default 100", () => {
    expect(listClientsQuerySchema.parse({})).toEqual({ take: 100 });
    expect(listClientsQuerySchema.parse({ take: "25", cursor: "c1" })).toEqual({ take: 25, cursor: "c1" });
    for (const take of ["0", "101", "-1", "abc", 1.5])
      expect(listClientsQuerySchema.safeParse({ take }).success, String(take)).toBe(false);
  });
});

describe("assets", () => {
  it("accepts the balances shape and keeps extra fields", () => {
    const parsed = assetsResponseSchema.parse({
      ...assetsFixture,
      nativeBalance: { ...assetsFixture.nativeBalance, usdValue: "1.2" },
    });
    expect(parsed.nativeBalance).toMatchObject({ usdValue: "1.2" });
    expect(
      assetsResponseSchema.safeParse({ nativeBalance: assetsFixture.nativeBalance, tokenBalances: [] }).success,
    ).toBe(true);
  });

  it("rejects a token balance without its address", () => {
    const token = { ...assetsFixture.tokenBalances[0], metadata: {} };
    expect(issuePaths(assetsResponseSchema, { ...assetsFixture, tokenBalances: [token] })).toEqual([
      "tokenBalances.0.metadata.tokenAddress",
    ]);
  });

  it("accepts every alias and id of the assets table, and only those", () => {
    for (const chain of [
      "sepolia",
      "eip155:11155111",
      "base-sepolia",
      "monad-testnet",
      "tron:nile",
      "bitcoin-segwit-testnet",
    ])
      expect(assetsParamsSchema.safeParse({ clientId: "c1", chain }).success, chain).toBe(true);
    for (const chain of ["celo", "eip155:84531", "eip155:31337", ""])
      expect(assetsParamsSchema.safeParse({ clientId: "c1", chain }).success, chain).toBe(false);
  });
});

describe("build-transaction", () => {
  it("checks its chain against the build-transaction table", () => {
    expect(buildTransactionParamsSchema.safeParse({ clientId: "c1", chain: "celo-alfajores" }).success).toBe(true);
    expect(buildTransactionParamsSchema.safeParse({ clientId: "c1", chain: "eip155:84531" }).success).toBe(true);
    expect(buildTransactionParamsSchema.safeParse({ clientId: "c1", chain: "eip155:84532" }).success).toBe(false);
  });

  it("requires to, token and a positive amount", () => {
    expect(
      buildTransactionBodySchema.parse({
        to: "0xdfd8302f44727a6348f702ff7b594f127de3a902",
        token: "USDC",
        amount: "0.01",
      }),
    ).toBeTruthy();
    expect(issuePaths(buildTransactionBodySchema, { token: "USDC", amount: "0" })).toEqual(["to", "amount"]);
    expect(issuePaths(buildTransactionBodySchema, { to: "x", token: "", amount: "-1" })).toEqual(["token", "amount"]);
  });

  it("accepts each family's shape", () => {
    expect(evmBuildTransactionResponseSchema.safeParse(evmBuildTransactionFixture).success).toBe(true);
    expect(solanaBuildTransactionResponseSchema.safeParse(solanaBuildTransactionFixture).success).toBe(true);
    expect(bitcoinBuildTransactionResponseSchema.safeParse(bitcoinBuildTransactionFixture).success).toBe(true);
    for (const f of [evmBuildTransactionFixture, solanaBuildTransactionFixture, bitcoinBuildTransactionFixture])
      expect(buildTransactionResponseSchema.safeParse(f).success).toBe(true);
  });

  it("accepts the custodian variant's EIP-155 metadata and a native transfer", () => {
    const custodianVariant = {
      transaction: { from: "0x21d8", to: "0xa0b8", data: "0xa9059cbb" },
      metadata: { rawAmount: "10000", formattedAmount: "0.01", tokenDecimals: 6, tokenAddress: "0xa0b8" },
    };
    expect(evmBuildTransactionResponseSchema.safeParse(custodianVariant).success).toBe(true);
    const native = {
      transaction: { from: "0x1", to: "0x2", value: "1000000000000000" },
      metadata: { rawAmount: "1000000000000000", tokenDecimals: 18, tokenSymbol: "ETH" },
    };
    expect(evmBuildTransactionResponseSchema.safeParse(native).success).toBe(true);
  });

  it("names the failing field of the family's shape", () => {
    const schema = buildTransactionResponseSchemaFor("bip122");
    const { rawTxHex: _raw, ...tx } = bitcoinBuildTransactionFixture.transaction;
    expect(issuePaths(schema, { ...bitcoinBuildTransactionFixture, transaction: tx })).toEqual([
      "transaction.rawTxHex",
    ]);
    expect(
      issuePaths(buildTransactionResponseSchemaFor("eip155"), { ...evmBuildTransactionFixture, metadata: {} }),
    ).toEqual(["metadata.tokenDecimals", "metadata.rawAmount"]);
  });
});

describe("eject", () => {
  it("requires walletId and a future ejectableUntil at least 1 minute ahead", () => {
    expect(enableEjectBodySchema.safeParse({ walletId: "w1" }).success).toBe(true);
    const inTwoMinutes = new Date(Date.now() + 120_000).toISOString();
    expect(enableEjectBodySchema.safeParse({ walletId: "w1", ejectableUntil: inTwoMinutes }).success).toBe(true);
    const inThirtySeconds = new Date(Date.now() + 30_000).toISOString();
    const tooSoon = enableEjectBodySchema.safeParse({ walletId: "w1", ejectableUntil: inThirtySeconds });
    expect(tooSoon.success).toBe(false);
    expect(tooSoon.error?.issues[0]?.message).toMatch(/at least 1 minute/);
    expect(issuePaths(enableEjectBodySchema, { ejectableUntil: "tomorrow" })).toEqual(["walletId", "ejectableUntil"]);
  });

  it("accepts the responses", () => {
    expect(enableEjectResponseSchema.parse({ ejectableUntil: "2025-03-04T15:26:43.123Z" })).toBeTruthy();
    expect(
      ejectableBackupSharesResponseSchema.parse(ejectableBackupSharesFixture).encryptedClientBackupShare,
    ).toBeNull();
    expect(
      ejectableBackupSharesResponseSchema.safeParse({
        encryptedClientBackupShare: "0351cf",
        custodianBackupShare: "{}",
      }).success,
    ).toBe(true);
    expect(issuePaths(ejectableBackupSharesResponseSchema, { encryptedClientBackupShare: null })).toEqual([
      "custodianBackupShare",
    ]);
  });
});

describe("alert webhooks", () => {
  it("accepts webhooks, events and replay envelopes", () => {
    expect(listAlertWebhooksResponseSchema.parse(alertWebhooksFixture).data[0]?.events).toEqual(["EIP_155_TX_V1"]);
    const events = listAlertEventsResponseSchema.parse(alertEventsFixture);
    expect(events.data.map((e) => e.deliveryStatus)).toEqual(["success", "failed"]);
    expect(events.metadata.alertWebhook.url).toContain("example.com");
    expect(replayFailedEventsResponseSchema.parse({ data: { replaying: ["a"], failed: [] } }).data.replaying).toEqual([
      "a",
    ]);
  });

  it("keeps unknown event fields and rejects an unknown delivery status", () => {
    const event = { ...alertEventsFixture.data[0], webhookResponseCode: 200 };
    expect(alertEventSchema.parse(event)).toMatchObject({ webhookResponseCode: 200 });
    expect(issuePaths(alertEventSchema, { ...event, deliveryStatus: "delivered" })).toEqual(["deliveryStatus"]);
    expect(issuePaths(alertEventSchema, { ...event, blockNumber: "7313326" })).toEqual(["blockNumber"]);
  });

  it("parses every filter of the events query", () => {
    const parsed = listAlertEventsQuerySchema.parse({
      eventTypes: "EIP_155_TX_V1",
      deliveryStatuses: "failed,pending",
      since: "1734634000",
      until: 1734639999,
      cursor: "85f3d2f7-b2ff-417d-b9cb-dc9823b4ae61",
      limit: "50",
      transactionHash: "0x4978a4ba15a018532791ba4491e48b1aa8b544309c1ffce062bb1fb7e84dc069",
      blockNumbers: "7313326,7313246",
      chainIds: "eip155:11155111,eip155:1",
    });
    expect(parsed).toEqual({
      eventTypes: ["EIP_155_TX_V1"],
      deliveryStatuses: ["failed", "pending"],
      since: 1734634000,
      until: 1734639999,
      cursor: "85f3d2f7-b2ff-417d-b9cb-dc9823b4ae61",
      limit: 50,
      transactionHash: "0x4978a4ba15a018532791ba4491e48b1aa8b544309c1ffce062bb1fb7e84dc069",
      blockNumbers: [7313326, 7313246],
      chainIds: ["eip155:11155111", "eip155:1"],
    });
    expect(listAlertEventsQuerySchema.parse({ eventTypes: "EIP_155_TX_V1" }).limit).toBe(100);
  });

  it.each([
    [{}, "eventTypes"],
    [{ eventTypes: "SOLANA_TX_V1" }, "eventTypes.0"],
    [{ eventTypes: "EIP_155_TX_V1", deliveryStatuses: "ok" }, "deliveryStatuses.0"],
    [{ eventTypes: "EIP_155_TX_V1", since: "yesterday" }, "since"],
    [{ eventTypes: "EIP_155_TX_V1", limit: "0" }, "limit"],
    [{ eventTypes: "EIP_155_TX_V1", transactionHash: "0x1234" }, "transactionHash"],
    [{ eventTypes: "EIP_155_TX_V1", blockNumbers: "7313326,latest" }, "blockNumbers.1"],
    [{ eventTypes: "EIP_155_TX_V1", chainIds: "sepolia" }, "chainIds.0"],
  ])("rejects %j at %s", (query, path) => {
    expect(issuePaths(listAlertEventsQuerySchema, query)).toEqual([path]);
  });

  it("requires at least one event id to replay", () => {
    expect(replayFailedEventsBodySchema.safeParse({ eventIds: ["f928772e-add0-4bf9-b0d3-c45f94513929"] }).success).toBe(
      true,
    );
    expect(replayFailedEventsBodySchema.safeParse({ eventIds: [] }).success).toBe(false);
    expect(replayFailedEventsBodySchema.safeParse({}).success).toBe(false);
  });
});

describe("gas usage", () => {
  it("accepts the usage shape and takes a CAIP-2 chain id", () => {
    expect(gasUsageResponseSchema.parse(gasUsageFixture).usageData[0]?.month).toBe("June");
    expect(gasUsageParamsSchema.safeParse({ chainId: "eip155:11155111" }).success).toBe(true);
    expect(gasUsageParamsSchema.safeParse({ chainId: "sepolia" }).success).toBe(false);
    expect(issuePaths(gasUsageResponseSchema, { ...gasUsageFixture, totalTxsSponsored: "923" })).toEqual([
      "totalTxsSponsored",
    ]);
  });
});

describe("deprecated endpoints", () => {
  it("takes chain eip155 (or a format-table chain) and a JSON rawAlert", () => {
    const rawAlert = JSON.stringify({ event: { activity: [] } });
    expect(formatAlertBodySchema.safeParse({ chain: "eip155", rawAlert }).success).toBe(true);
    expect(formatAlertBodySchema.safeParse({ chain: "base-sepolia", rawAlert }).success).toBe(true);
    expect(issuePaths(formatAlertBodySchema, { chain: "celo", rawAlert })).toEqual(["chain"]);
    expect(issuePaths(formatAlertBodySchema, { chain: "eip155", rawAlert: "{not json" })).toEqual(["rawAlert"]);
    expect(issuePaths(formatAlertBodySchema, { chain: "eip155" })).toEqual(["rawAlert"]);
  });

  it("accepts the formatted transfer (string tokenDecimals and blockNumber) alone and as a list", () => {
    expect(formatWalletAlertResponseSchema.parse(formattedTransferFixture).metadata.blockNumber).toBe("6645168");
    expect(formatAlertsResponseSchema.parse([formattedTransferFixture, formattedTransferFixture])).toHaveLength(2);
  });

  it("requires the retry-by-block-number fields", () => {
    expect(
      retryByBlockNumberBodySchema.safeParse({ chainReferenceId: "11155111", blockNumber: 7313326, streamId: "s-1" })
        .success,
    ).toBe(true);
    expect(
      issuePaths(retryByBlockNumberBodySchema, { chainReferenceId: "eip155:1", blockNumber: "7", streamId: "" }),
    ).toEqual(["chainReferenceId", "blockNumber", "streamId"]);
  });
});
