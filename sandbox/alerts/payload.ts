/**
 * The EIP_155_TX_V1 body POSTed to a webhook (api-shapes §1.11): `{ data: transfer[], metadata:
 * { custodianId, environmentId }, type }`, one transfer item per client wallet a transaction
 * touches (a transfer between two clients yields an OUTBOUND and an INBOUND item).
 */
import { bytesToHex } from "@noble/hashes/utils.js";
import { formatUnits } from "viem";
import { ASSETS_CHAIN_ALIASES, chainLabel } from "@/lib/chains";
import type { FormattedTransfer } from "@/lib/contracts";
import { nativeTokenOf } from "../admin/native-tokens";
import { genesisAddresses } from "../chain/genesis";
import { createRng } from "../seed/prng";
import type { ChainTransfer, TestToken } from "../types";

export const EVENT_TYPE = "EIP_155_TX_V1";

export interface WebhookPayload {
  data: FormattedTransfer[];
  metadata: { custodianId: string; environmentId: string };
  type: typeof EVENT_TYPE;
}

const ALIAS_BY_ID = new Map<string, string>();
for (const [alias, id] of Object.entries(ASSETS_CHAIN_ALIASES)) if (!ALIAS_BY_ID.has(id)) ALIAS_BY_ID.set(id, alias);

/** The chain's short name as webhooks spell it ("sepolia"), or its label in kebab case. */
export function chainNameOf(chainId: string): string {
  return (
    ALIAS_BY_ID.get(chainId) ??
    chainLabel(chainId)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
  );
}

export interface Fee {
  rawAmount: bigint;
}

export interface TransferContext {
  /** The transfer's side(s) that belong to a client wallet. */
  directions: ("OUTBOUND" | "INBOUND")[];
  fee: Fee;
  sentAt: string;
  /** false for the alert sent when the transfer is first seen, true for the one after the confirmation depth. */
  confirmed: boolean;
}

export function transferItems(
  t: ChainTransfer,
  { directions, fee, sentAt, confirmed }: TransferContext,
): FormattedTransfer[] {
  const native = nativeTokenOf(t.chainId);
  const decimals = t.token?.decimals ?? native.decimals;
  return directions.map((direction) => ({
    from: t.from.toLowerCase(),
    to: t.to.toLowerCase(),
    amount: formatUnits(t.rawAmount, decimals),
    chainId: t.chainId,
    chainName: chainNameOf(t.chainId),
    assetType: t.token ? "NON_NATIVE_TOKEN" : "NATIVE_TOKEN",
    direction,
    tokenSymbol: t.token?.symbol ?? native.symbol,
    metadata: {
      confirmed,
      rawAmount: t.rawAmount.toString(),
      tokenName: t.token?.name ?? native.name,
      tokenAddress: t.token?.address.toLowerCase() ?? null,
      tokenDecimals: decimals,
      transactionHash: t.transactionHash,
      blockNumber: String(t.blockNumber),
      sentAt,
      fee: {
        amount: formatUnits(fee.rawAmount, native.decimals),
        decimals: native.decimals,
        rawAmount: fee.rawAmount.toString(),
        tokenSymbol: native.symbol,
      },
      nftTokenId: null,
      triggeredBy: t.from.toLowerCase(),
      approvalSpender: null,
      userOperationHash: t.userOperationHash ?? null,
    },
  }));
}

export interface SeededPayloadInput {
  seed: string;
  /** The row of the transfer's first alert: both of its alerts describe the same transfers. */
  index: number;
  /** Which of the transfer's alerts this is. */
  confirmed: boolean;
  chainId: string;
  blockNumber: number;
  hashes: string[];
  /** When this alert was raised (its sentAt). */
  createdAt: number;
  /** Lower-case EVM addresses of seeded clients, the wallets the history is about. */
  clientAddresses: readonly string[];
}

/** Gas a seeded transfer used: a native transfer's 21,000, an ERC-20 transfer's typical 65,000 (its fee is gas × price). */
export const SEEDED_GAS = { native: 21_000n, token: 65_000n } as const;

/** The test USDC every local chain deploys at genesis (the same address on each): seeded token transfers move it. */
export const SEEDED_TOKEN = genesisAddresses().tokens.find((t) => t.symbol === "USDC") as TestToken;

/**
 * A seeded event's transfers, derived from its index like the rest of the seeded row. Its transactions
 * are answered by the chains' gateway from the same derivation (./archive.ts).
 */
export function seededTransfers(input: SeededPayloadInput): FormattedTransfer[] {
  const rng = createRng(`payload:${input.seed}:${input.index}`);
  const native = nativeTokenOf(input.chainId);
  return input.hashes.map((hash) => {
    const wallet = input.clientAddresses.length ? rng.pick(input.clientAddresses) : `0x${bytesToHex(rng.bytes(20))}`;
    const other = `0x${bytesToHex(rng.bytes(20))}`;
    const direction = rng.next() < 0.5 ? ("INBOUND" as const) : ("OUTBOUND" as const);
    const isToken = rng.next() < 0.35;
    const decimals = isToken ? SEEDED_TOKEN.decimals : native.decimals;
    const raw = isToken ? BigInt(1 + rng.int(2_000_000_000)) : BigInt(1 + rng.int(2_000_000)) * 10n ** 12n;
    const gas = isToken ? SEEDED_GAS.token : SEEDED_GAS.native;
    const fee = gas * BigInt(1 + rng.int(30)) * 1_000_000_000n;
    const from = direction === "OUTBOUND" ? wallet : other;
    return {
      from,
      to: direction === "OUTBOUND" ? other : wallet,
      amount: formatUnits(raw, decimals),
      chainId: input.chainId,
      chainName: chainNameOf(input.chainId),
      assetType: isToken ? "NON_NATIVE_TOKEN" : "NATIVE_TOKEN",
      direction,
      tokenSymbol: isToken ? SEEDED_TOKEN.symbol : native.symbol,
      metadata: {
        confirmed: input.confirmed,
        rawAmount: raw.toString(),
        tokenName: isToken ? SEEDED_TOKEN.name : native.name,
        tokenAddress: isToken ? SEEDED_TOKEN.address.toLowerCase() : null,
        tokenDecimals: decimals,
        transactionHash: hash,
        blockNumber: String(input.blockNumber),
        sentAt: new Date(input.createdAt).toISOString(),
        fee: {
          amount: formatUnits(fee, native.decimals),
          decimals: native.decimals,
          rawAmount: fee.toString(),
          tokenSymbol: native.symbol,
        },
        nftTokenId: null,
        triggeredBy: from,
        approvalSpender: null,
        userOperationHash: null,
      },
    };
  });
}
