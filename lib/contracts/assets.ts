/**
 * Custodian administration: a client's balances on a chain and unsigned transfers (api-shapes §1.6, §1.7).
 */
import { z } from "zod";
import { chainInputsOf, type ChainFamily } from "../chains";
import { idSchema, positiveDecimalSchema } from "./common";

/** {chain} of the assets path: a shortcut or CAIP-2 id of the spec's assets table. */
export const assetsChainSchema = z.enum(chainInputsOf("assets"), { message: "unknown chain for the assets endpoint" });

/** {chain} of build-transaction: a name or CAIP-2 id of the spec's build-transaction table. */
export const buildTransactionChainSchema = z.enum(chainInputsOf("buildTransaction"), {
  message: "unknown chain for build-transaction",
});

export const assetsParamsSchema = z.object({ clientId: idSchema, chain: assetsChainSchema });
export type AssetsParams = z.infer<typeof assetsParamsSchema>;

export const buildTransactionParamsSchema = z.object({ clientId: idSchema, chain: buildTransactionChainSchema });
export type BuildTransactionParams = z.infer<typeof buildTransactionParamsSchema>;

const balanceFields = {
  /** Decimal string in whole units. */
  balance: z.string(),
  decimals: z.number().int(),
  name: z.string(),
  /** Integer string in base units. */
  rawBalance: z.string(),
  symbol: z.string(),
};

export const nativeBalanceSchema = z.looseObject({
  ...balanceFields,
  metadata: z
    .looseObject({ logo: z.string().nullable().optional(), thumbnail: z.string().nullable().optional() })
    .optional(),
});

export const tokenBalanceSchema = z.looseObject({
  ...balanceFields,
  metadata: z.looseObject({
    tokenAddress: z.string(),
    verifiedContract: z.boolean().optional(),
    totalSupply: z.string().nullable().optional(),
    rawTotalSupply: z.string().nullable().optional(),
    percentageRelativeToTotalSupply: z.number().nullable().optional(),
  }),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** NFT entries are large and the console does not read them; only their presence is checked. */
export const nftSchema = z.looseObject({
  nftId: z.string().optional(),
  name: z.string().nullable().optional(),
  chainId: z.string().optional(),
  contractAddress: z.string().optional(),
  tokenId: z.string().optional(),
});

export const assetsResponseSchema = z.looseObject({
  nativeBalance: nativeBalanceSchema,
  tokenBalances: z.array(tokenBalanceSchema),
  nfts: z.array(nftSchema).optional(),
});
export type AssetsResponse = z.infer<typeof assetsResponseSchema>;

export const buildTransactionBodySchema = z.object({
  to: z.string().min(1, "expected the recipient address"),
  token: z.string().min(1, "expected a token symbol, contract address or mint address"),
  amount: positiveDecimalSchema,
});
export type BuildTransactionBody = z.infer<typeof buildTransactionBodySchema>;

/**
 * EIP-155. The custodian and client variants of the endpoint disagree on metadata, so the
 * sandbox returns their union and the console requires only what both have.
 */
export const evmBuildTransactionResponseSchema = z.looseObject({
  transaction: z.looseObject({
    from: z.string(),
    to: z.string(),
    /** transfer(to, amount) calldata for ERC-20; absent or "0x" for a native transfer. */
    data: z.string().optional(),
    /** Native amount in wei, for a native transfer. */
    value: z.string().optional(),
  }),
  metadata: z.looseObject({
    amount: z.string().optional(),
    formattedAmount: z.string().optional(),
    fromAddress: z.string().optional(),
    toAddress: z.string().optional(),
    tokenAddress: z.string().nullable().optional(),
    tokenSymbol: z.string().optional(),
    tokenDecimals: z.number().int(),
    rawAmount: z.string(),
  }),
});
export type EvmBuildTransactionResponse = z.infer<typeof evmBuildTransactionResponseSchema>;

export const solanaMessageSchema = z.looseObject({
  accountKeys: z.array(z.string()),
  header: z.looseObject({
    numRequiredSignatures: z.number().int(),
    numReadonlySignedAccounts: z.number().int(),
    numReadonlyUnsignedAccounts: z.number().int(),
  }),
  instructions: z.array(
    z.looseObject({ programIdIndex: z.number().int(), accounts: z.array(z.number().int()), data: z.string() }),
  ),
  recentBlockhash: z.string(),
});

export const solanaBuildTransactionResponseSchema = z.looseObject({
  /** Base64 of the serialized unsigned transaction. */
  transaction: z.string().min(1),
  metadata: z.looseObject({
    amount: z.string(),
    mintAddress: z.string().nullable().optional(),
    lastValidBlockHeight: z.string().optional(),
    unsignedTransaction: z
      .looseObject({ signatures: z.array(z.string().nullable()).nullable(), message: solanaMessageSchema })
      .optional(),
    fromAddress: z.string().optional(),
    toAddress: z.string().optional(),
    tokenDecimals: z.number().int().optional(),
    rawAmount: z.string().optional(),
  }),
});
export type SolanaBuildTransactionResponse = z.infer<typeof solanaBuildTransactionResponseSchema>;

export const bitcoinBuildTransactionResponseSchema = z.looseObject({
  transaction: z.looseObject({
    /** One sighash per input, each signed with raw-sign on SECP256K1. */
    signatureHashes: z.array(z.string()),
    rawTxHex: z.string(),
    /** JSON-stringified public key. */
    publicKey: z.string(),
  }),
  metadata: z.looseObject({
    chainId: z.string(),
    amount: z.string(),
    fromAddress: z.string(),
    toAddress: z.string(),
    rawAmount: z.string(),
    feeInSatoshis: z.string(),
    changeInSatoshis: z.string(),
    tokenDecimals: z.number().int(),
    tokenSymbol: z.string(),
  }),
});
export type BitcoinBuildTransactionResponse = z.infer<typeof bitcoinBuildTransactionResponseSchema>;

/** Tron and Stellar have their own shapes, which no public source shows. */
export const otherBuildTransactionResponseSchema = z.looseObject({
  transaction: z.unknown(),
  metadata: z.looseObject({}),
});

/** Any family; prefer buildTransactionResponseSchemaFor when the chain is known. */
export const buildTransactionResponseSchema = z.union([
  evmBuildTransactionResponseSchema,
  solanaBuildTransactionResponseSchema,
  bitcoinBuildTransactionResponseSchema,
  otherBuildTransactionResponseSchema,
]);
export type BuildTransactionResponse = z.infer<typeof buildTransactionResponseSchema>;

const byFamily = {
  eip155: evmBuildTransactionResponseSchema,
  solana: solanaBuildTransactionResponseSchema,
  bip122: bitcoinBuildTransactionResponseSchema,
  tron: otherBuildTransactionResponseSchema,
  stellar: otherBuildTransactionResponseSchema,
} satisfies Record<ChainFamily, z.ZodType>;

/** The response schema of one chain family, so a parse failure names the field of that shape. */
export function buildTransactionResponseSchemaFor<F extends ChainFamily>(family: F): (typeof byFamily)[F] {
  return byFamily[family];
}
