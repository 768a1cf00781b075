/**
 * The three deprecated custodian endpoints: formatting a raw alert webhook body and replaying a
 * block's wallet events. Response shapes follow the docs' examples: /alerts/wallets/format returns
 * one bare transfer object, /alerts/format a bare array of them.
 */
import { z } from "zod";
import { chainInputsOf } from "../chains";

/** `chain`: the docs' body table gives "eip155"; their chain list adds the format table's names and ids. */
export const formatChainSchema = z.enum(["eip155", ...chainInputsOf("format")], {
  message: "expected eip155 or a chain of the format endpoints",
});

export const formatAlertBodySchema = z.object({
  chain: formatChainSchema,
  /** The raw webhook body, stringified. */
  rawAlert: z
    .string()
    .min(1, "expected the stringified raw webhook event")
    .refine((text) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    }, "rawAlert is not valid JSON"),
});
export type FormatAlertBody = z.infer<typeof formatAlertBodySchema>;

/** A transfer as the EIP_155_TX_V1 webhook describes it (api-shapes §1.11). */
export const formattedTransferSchema = z.looseObject({
  chainName: z.string().optional(),
  chainId: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  tokenSymbol: z.string().optional(),
  assetType: z.string().optional(),
  direction: z.string().optional(),
  metadata: z.looseObject({
    confirmed: z.boolean().optional(),
    rawAmount: z.string().optional(),
    // Native transfers show a number, token transfers a string.
    tokenDecimals: z.union([z.number(), z.string()]).optional(),
    tokenAddress: z.string().nullable().optional(),
    tokenName: z.string().optional(),
    sentAt: z.string().optional(),
    transactionHash: z.string(),
    // A string here, a number in the events listing.
    blockNumber: z.union([z.string(), z.number()]).optional(),
    fee: z
      .looseObject({ amount: z.string(), decimals: z.number().int(), rawAmount: z.string(), tokenSymbol: z.string() })
      .optional(),
    nftTokenId: z.string().nullable().optional(),
    triggeredBy: z.string().optional(),
    approvalSpender: z.string().nullable().optional(),
    userOperationHash: z.string().nullable().optional(),
  }),
});
export type FormattedTransfer = z.infer<typeof formattedTransferSchema>;

/**
 * One formatted transfer: the endpoint's own name for the shape the list endpoint answers many of.
 * @alias
 */
export const formatWalletAlertResponseSchema = formattedTransferSchema;
export const formatAlertsResponseSchema = z.array(formattedTransferSchema);

export const retryByBlockNumberBodySchema = z.object({
  chainReferenceId: z.string().regex(/^\d+$/, "expected an EVM chain reference such as 11155111"),
  blockNumber: z.number().int("expected a whole block number").nonnegative("expected a block number"),
  streamId: z.string().min(1, "expected the stream id the operator supplied"),
});
export type RetryByBlockNumberBody = z.infer<typeof retryByBlockNumberBodySchema>;
