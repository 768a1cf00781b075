/**
 * The yield opportunities the sandbox lists (GET /yields), built from catalogue-data.ts and the
 * contracts every chain deploys: each one names a real pool contract on its network, with the rate and
 * cooldown that contract was deployed with there.
 */
import type { Address } from "viem";
import { formatCaip2 } from "@/lib/chains";
import type { YieldOpportunity, YieldToken } from "@/lib/contracts";
import { LOGO_PATH } from "../admin/logos";
import { nativeTokenOf } from "../admin/native-tokens";
import { genesisAddresses } from "../chain/genesis";
import { extensionAddress } from "../genesis-extensions";
import { CATALOGUE, DAY_SECONDS, NETWORK_SLUGS, POOLS, type CatalogueEntry, type PoolSpec } from "./catalogue-data";
import { shareTokenNames } from "./deployment";
import { documentationUrl } from "./documentation-url";

export const PROVIDER_ID = "sandbox";

/** A token as the yield module handles it; `address` null for the native coin. */
export interface TokenInfo {
  symbol: string;
  name: string;
  decimals: number;
  address: Address | null;
}

export interface Opportunity {
  id: string;
  entry: CatalogueEntry;
  spec: PoolSpec;
  reference: number;
  chainId: string;
  slug: string;
  /** The pool contract (vault, liquid staking token or staking contract). */
  pool: Address;
  token: TokenInfo;
  /** The share token of vaults and liquid staking; staking has none. */
  outputToken?: TokenInfo;
  rate: number;
  cooldownSeconds: number;
  minimum: string;
  maximum: string | null;
  name: string;
  description: string;
  mechanicsType: "lending" | "staking";
  rewardClaiming: "auto" | "manual";
}

/** The smallest and largest enter amount per token, in whole units (entryLimits). */
const LIMITS: Record<PoolSpec["token"], { minimum: string; maximum: string | null }> = {
  USDC: { minimum: "1", maximum: "1000000" },
  USDT: { minimum: "1", maximum: "1000000" },
  LINK: { minimum: "0.1", maximum: null },
  WETH: { minimum: "0.001", maximum: null },
  NATIVE: { minimum: "0.001", maximum: null },
};

function tokenOf(reference: number, spec: PoolSpec): TokenInfo {
  if (spec.token === "NATIVE") return { ...nativeTokenOf(formatCaip2("eip155", reference)), address: null };
  const token = genesisAddresses().tokens.find((t) => t.symbol === spec.token);
  if (!token) throw new Error(`No test token ${spec.token}`);
  return { symbol: token.symbol, name: token.name, decimals: token.decimals, address: token.address };
}

function describe(
  spec: PoolSpec,
  token: TokenInfo,
  cooldownDays: number,
): { name: string; description: string; type: Opportunity["mechanicsType"] } {
  if (spec.kind === "vault")
    return {
      name: `${token.symbol} Sandbox Lending`,
      description: `Supply ${token.symbol} to an ERC-4626 lending vault; the vault's share price grows at the advertised rate.`,
      type: "lending",
    };
  if (spec.kind === "liquid-staking")
    return {
      name: `${token.symbol} Sandbox Liquid Staking`,
      description: `Stake ${token.symbol} and receive st${token.symbol}, a liquid staking token whose exchange rate grows at the advertised rate; unstaking is instant.`,
      type: "staking",
    };
  if (cooldownDays === 0)
    return {
      name: `${token.symbol} Sandbox Reward Pool`,
      description: `Stake ${token.symbol} to earn ${token.symbol} rewards, claimable at any time; unstaking pays out at once.`,
      type: "staking",
    };
  return {
    name: `${token.symbol} Sandbox Staking`,
    description: `Stake ${token.symbol} to earn ${token.symbol} rewards, claimable at any time; unstaked ${token.symbol} cools down for ${cooldownDays} days before it can be withdrawn.`,
    type: "staking",
  };
}

function opportunityOf(entry: CatalogueEntry): Opportunity {
  const spec = POOLS[entry.pool];
  const slug = NETWORK_SLUGS[entry.reference];
  if (!slug) throw new Error(`No network slug for eip155:${entry.reference}`);
  const token = tokenOf(entry.reference, spec);
  const cooldownDays = spec.kind === "staking" ? (entry.cooldownDays ?? spec.defaultCooldownDays) : 0;
  const pool = extensionAddress(entry.pool);
  const kind =
    spec.kind === "vault"
      ? "lending"
      : spec.kind === "liquid-staking"
        ? "liquid-staking"
        : cooldownDays === 0
          ? "reward-pool"
          : spec.token === "NATIVE"
            ? "native-staking"
            : "staking";
  const shares =
    spec.kind === "staking"
      ? undefined
      : { ...shareTokenNames(entry.reference, entry.pool), decimals: token.decimals, address: pool };
  const text = describe(spec, token, cooldownDays);
  return {
    id: `${slug}-${token.symbol.toLowerCase()}-${PROVIDER_ID}-${kind}`,
    entry,
    spec,
    reference: entry.reference,
    chainId: formatCaip2("eip155", entry.reference),
    slug,
    pool,
    token,
    outputToken: shares,
    rate: entry.rate,
    cooldownSeconds: cooldownDays * DAY_SECONDS,
    ...LIMITS[spec.token],
    name: text.name,
    description: text.description,
    mechanicsType: text.type,
    rewardClaiming: spec.kind === "staking" ? "manual" : "auto",
  };
}

export const OPPORTUNITIES: readonly Opportunity[] = CATALOGUE.map(opportunityOf);
const byId = new Map(OPPORTUNITIES.map((o) => [o.id, o]));
if (byId.size !== OPPORTUNITIES.length) throw new Error("Two catalogue entries have the same yield id");

export function findOpportunity(id: string): Opportunity | undefined {
  return byId.get(id);
}

/** A token object of the API: CAIP-2 network, a logo the sandbox serves. */
export function tokenJson(token: TokenInfo, chainId: string, origin: string): YieldToken {
  return {
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    network: chainId,
    ...(token.address ? { address: token.address } : {}),
    logoURI: `${origin}${LOGO_PATH}/${encodeURIComponent(token.symbol.toLowerCase())}.svg`,
    isPoints: false,
  };
}

const amountField = (o: Opportunity, intent: "enter" | "exit") => ({
  name: "amount",
  type: "string" as const,
  label: "Amount",
  description:
    intent === "enter"
      ? `Amount in whole ${o.token.symbol}`
      : `Amount in whole ${o.token.symbol}; required unless useMaxAmount is true`,
  required: intent === "enter",
  ...(intent === "enter" ? { minimum: o.minimum, maximum: o.maximum } : {}),
});

/** The opportunity object of GET /yields (api-shapes §4.2). */
export function opportunityJson(o: Opportunity, origin: string): YieldOpportunity {
  const token = tokenJson(o.token, o.chainId, origin);
  const native = nativeTokenOf(o.chainId);
  const manage =
    o.spec.kind === "staking"
      ? {
          CLAIM_REWARDS: { fields: [] },
          RESTAKE_REWARDS: { fields: [] },
          ...(o.cooldownSeconds > 0 ? { WITHDRAW: { fields: [] } } : {}),
        }
      : undefined;
  return {
    id: o.id,
    network: o.slug,
    chainId: String(o.reference),
    token,
    inputTokens: [token],
    ...(o.outputToken ? { outputToken: tokenJson(o.outputToken, o.chainId, origin) } : {}),
    tokens: [token],
    rewardRate: {
      total: o.rate,
      rateType: "APR",
      components: [
        {
          rate: o.rate,
          rateType: "APR",
          token,
          yieldSource: o.spec.kind === "vault" ? "lending_interest" : "staking",
          description:
            o.spec.kind === "vault"
              ? "Supply APR"
              : o.spec.kind === "liquid-staking"
                ? "Staking APR (exchange rate)"
                : "Staking rewards APR",
        },
      ],
    },
    // No TVL or user counts are kept: statistics is left out, as the provider does when it has none.
    status: { enter: true, exit: true },
    metadata: {
      name: o.name,
      logoURI: token.logoURI ?? undefined,
      description: o.description,
      documentation: documentationUrl(origin, o.id),
      underMaintenance: false,
      deprecated: false,
      supportedStandards: o.spec.kind === "vault" ? ["ERC20", "ERC4626"] : o.spec.token === "NATIVE" ? [] : ["ERC20"],
    },
    mechanics: {
      type: o.mechanicsType,
      requiresValidatorSelection: false,
      rewardSchedule: "block",
      rewardClaiming: o.rewardClaiming,
      gasFeeToken: {
        symbol: native.symbol,
        name: native.name,
        decimals: native.decimals,
        network: o.chainId,
        isPoints: false,
      },
      ...(o.cooldownSeconds > 0 ? { cooldownPeriod: { seconds: o.cooldownSeconds } } : {}),
      // Decimal strings, as the provider's SDK types them; the sandbox's contracts take no fees.
      fee: { deposit: "0", withdrawal: "0", performance: "0", management: "0" },
      entryLimits: { minimum: o.minimum, maximum: o.maximum },
      supportsLedgerWalletApi: false,
      arguments: {
        enter: { fields: [amountField(o, "enter")] },
        exit: {
          fields: [
            amountField(o, "exit"),
            { name: "useMaxAmount", type: "boolean", label: "Exit the whole position", required: false },
          ],
        },
        ...(manage ? { manage } : {}),
      },
      possibleFeeTakingMechanisms: {
        depositFee: false,
        managementFee: false,
        performanceFee: false,
        validatorRebates: false,
      },
    },
    providerId: PROVIDER_ID,
  };
}
