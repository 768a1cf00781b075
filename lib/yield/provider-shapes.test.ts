import { describe, expect, it } from "vitest";
import {
  listYieldsResponseSchema,
  unsignedEvmTransactionFromJsonSchema,
  yieldActionResponseSchema,
  yieldBalancesResponseSchema,
} from "@/lib/contracts";
import { OPPORTUNITIES, opportunityJson } from "@/sandbox/yield/catalogue";
import { yieldNetworkId } from "./networks";
import { toOpportunityView } from "./opportunities";

/**
 * The console's yield parsers against what the real provider sends, not only what the sandbox
 * sends. The provider-shaped records below are written by hand from the provider's published SDK
 * types (Yield.xyz, generated from its OpenAPI): network slugs instead of CAIP-2, fee rates as
 * decimal strings, statistics as strings, a transaction identified by `id` only, an
 * unsignedTransaction as a JSON string with gas fields. The sandbox's records come from its own
 * catalogue code. Both must parse, and read the same way.
 */

const token = {
  symbol: "USDC",
  name: "USD Coin",
  decimals: 6,
  network: "ethereum-sepolia",
  address: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
  logoURI: "https://assets.stakek.it/tokens/usdc.svg",
  coinGeckoId: "usd-coin",
};

const providerOpportunity = {
  id: "ethereum-sepolia-usdc-aave-v3-lending",
  network: "ethereum-sepolia",
  chainId: "11155111",
  token,
  inputTokens: [token],
  outputToken: { ...token, symbol: "aEthUSDC", name: "Aave Ethereum USDC" },
  tokens: [token],
  rewardRate: {
    total: 0.0485,
    rateType: "APY",
    components: [{ rate: 0.0485, rateType: "APY", token, yieldSource: "lending_interest", description: "Supply APY" }],
  },
  statistics: {
    tvlUsd: "1204411.22",
    tvl: "1204411.2",
    uniqueUsers: 311,
    averagePositionSizeUsd: "3872.7",
    averagePositionSize: "3872.7",
  },
  status: { enter: true, exit: true },
  metadata: {
    name: "USDC Aave v3 Lending",
    logoURI: "https://assets.stakek.it/protocols/aave.svg",
    description: "Supply USDC to Aave v3 and earn interest",
    documentation: "https://docs.aave.com",
    underMaintenance: false,
    deprecated: false,
    supportedStandards: ["ERC20"],
  },
  mechanics: {
    type: "lending",
    requiresValidatorSelection: false,
    rewardSchedule: "block",
    rewardClaiming: "auto",
    gasFeeToken: { symbol: "ETH", name: "Ether", decimals: 18, network: "ethereum-sepolia" },
    fee: { deposit: "0", withdrawal: "0", performance: "0.1", management: "0" },
    entryLimits: { minimum: "0.000001", maximum: null },
    supportsLedgerWalletApi: true,
    arguments: {
      enter: { fields: [{ name: "amount", type: "string", label: "Amount", required: true, minimum: "0.000001" }] },
      exit: { fields: [{ name: "amount", type: "string", label: "Amount", required: true }] },
    },
    possibleFeeTakingMechanisms: {
      depositFee: false,
      managementFee: false,
      performanceFee: true,
      validatorRebates: false,
    },
  },
  providerId: "aave",
  tags: ["lending"],
};

const providerAction = {
  id: "7a0a4d6b-2a8e-4f1f-9d8e-0d1b0b5c9b31",
  intent: "enter",
  type: "STAKE",
  yieldId: providerOpportunity.id,
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  amount: "10",
  amountRaw: "10000000",
  amountUsd: "10.00",
  executionPattern: "synchronous",
  rawArguments: { amount: "10" },
  createdAt: "2026-11-24T10:00:00.000Z",
  completedAt: null,
  status: "CREATED",
  transactions: [
    {
      id: "0d5f0c2e-4a55-4d0b-9a4b-2f1a8a6a7c01",
      title: "Approve USDC",
      network: "ethereum-sepolia",
      status: "CREATED",
      type: "APPROVAL",
      hash: null,
      createdAt: "2026-11-24T10:00:00.000Z",
      broadcastedAt: null,
      signedTransaction: null,
      unsignedTransaction: JSON.stringify({
        from: "0x52908400098527886E0F7030069857D2E4169EE7",
        to: token.address,
        data: "0x095ea7b3",
        value: "0x0",
        gasLimit: "0xea60",
        maxFeePerGas: "0x59682f00",
        maxPriorityFeePerGas: "0x3b9aca00",
        nonce: 4,
        chainId: 11155111,
      }),
      annotatedTransaction: { method: "approve", inputs: {} },
      stepIndex: 0,
      gasEstimate: '{"amount":"0.0001","gasLimit":"60000","token":{"symbol":"ETH"}}',
      explorerUrl: null,
      isMessage: false,
    },
  ],
};

const providerBalances = {
  items: [
    {
      yieldId: providerOpportunity.id,
      balances: [
        {
          address: providerAction.address,
          type: "active",
          amount: "10.000412",
          amountRaw: "10000412",
          amountUsd: "10.00",
          token: { ...token, network: "ethereum-sepolia" },
          isEarning: true,
          pendingActions: [],
        },
        {
          address: providerAction.address,
          type: "claimable",
          amount: "0.4",
          amountRaw: "400000",
          token,
          isEarning: false,
          pendingActions: [
            { intent: "manage", type: "CLAIM_REWARDS", passthrough: "eyJ2IjoxfQ==", arguments: { fields: [] } },
          ],
        },
      ],
    },
  ],
  errors: [{ yieldId: "ethereum-sepolia-link-staking", error: "Timeout reading the validator set" }],
};

const envelope = (rawResponse: unknown) => ({ data: { rawResponse }, metadata: { clientId: "cm-client" } });

describe("the provider's own shapes", () => {
  it("parses an opportunity with slug networks, string fees and statistics, and reads it in CAIP-2", () => {
    const parsed = listYieldsResponseSchema.parse(
      envelope({ items: [providerOpportunity], total: 1, limit: 1, offset: 0 }),
    );
    const view = toOpportunityView(parsed.data.rawResponse.items[0]!);
    expect(view).toMatchObject({
      network: "eip155:11155111",
      token: { symbol: "USDC", decimals: 6 },
      rate: 0.0485,
      rateType: "APY",
      tvlUsd: "1204411.22",
      entryMinimum: "0.000001",
      entryMaximum: null,
      documentation: "https://docs.aave.com",
    });
  });

  it("parses an action whose transactions carry only id, and fills transactionId from it", () => {
    const action = yieldActionResponseSchema.parse(envelope(providerAction)).data.rawResponse;
    expect(action.transactions[0]).toMatchObject({
      id: providerAction.transactions[0]!.id,
      transactionId: providerAction.transactions[0]!.id,
    });
    const unsigned = unsignedEvmTransactionFromJsonSchema.parse(action.transactions[0]!.unsignedTransaction);
    expect(unsigned).toMatchObject({ to: token.address, nonce: 4, gasLimit: "0xea60" });
  });

  it("parses balances with slug token networks and keeps the per-yield errors", () => {
    const parsed = yieldBalancesResponseSchema.parse(envelope(providerBalances)).data.rawResponse;
    expect(parsed.items[0]!.balances.map((b) => yieldNetworkId(b.token.network))).toEqual([
      "eip155:11155111",
      "eip155:11155111",
    ]);
    expect(parsed.errors).toEqual(providerBalances.errors);
    expect(parsed.items[0]!.balances[1]!.pendingActions[0]).toMatchObject({ type: "CLAIM_REWARDS" });
  });
});

describe("the sandbox's shapes", () => {
  it("parses every opportunity of its catalogue, with CAIP-2 token networks, decimal-string fees and a documentation page", () => {
    const items = OPPORTUNITIES.map((o) => opportunityJson(o, "http://127.0.0.1:4010"));
    const parsed = listYieldsResponseSchema.parse(envelope({ items, total: items.length, limit: 100, offset: 0 }));
    for (const [i, o] of parsed.data.rawResponse.items.entries()) {
      const view = toOpportunityView(o);
      expect(view.network, o.id).toBe(`eip155:${OPPORTUNITIES[i]!.reference}`);
      expect(o.token.network).toMatch(/^eip155:\d+$/);
      expect(o.mechanics?.fee?.deposit).toBe("0");
      expect(o.metadata.documentation).toMatch(/^http:\/\/127\.0\.0\.1:4010\//);
      expect(Object.hasOwn(o, "statistics")).toBe(false);
    }
  });
});
