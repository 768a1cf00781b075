/**
 * The MPC signing service (api-shapes §3). Shares are secret and opaque: schemas check only that
 * they are present, and every field that carries one is on the redaction list of server/upstream.
 */
import { z } from "zod";
import { resolveSendChain, chainFamily } from "../chains";
import { caip2Schema, curveSchema, jsonValueSchema, positiveDecimalSchema } from "./common";

export const shareSchema = z.string().min(1, "expected a share");

const curveShareSchema = z.looseObject({ share: shareSchema, id: z.string().min(1) });

// An older MPC schema used lower-case curve keys; the current API uses upper case. Both parse to upper case.
function upperCaseCurveKeys(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if ("SECP256K1" in record || "ED25519" in record || !("secp256k1" in record || "ed25519" in record)) return value;
  const { secp256k1, ed25519, ...rest } = record;
  return { ...rest, SECP256K1: secp256k1, ED25519: ed25519 };
}

const curveSharesObjectSchema = z.looseObject({ SECP256K1: curveShareSchema, ED25519: curveShareSchema });

/** The per-curve map returned by generate, backup and recover. */
export const curveSharesSchema = z.preprocess(upperCaseCurveKeys, curveSharesObjectSchema);
export type CurveShares = z.infer<typeof curveSharesSchema>;

export const generateBodySchema = z.object({});

/**
 * Signing shares; each `id` is the signing share pair's id. Each endpoint names its own schema, though
 * generate, backup and recover answer the same shape today (so `@alias` tells knip it is no duplicate).
 * @alias
 */
export const generateResponseSchema = curveSharesSchema;

export const backupBodySchema = z.object({
  /** The generate response, as a JSON string (as the API's examples send it) or an object. */
  generateResponse: jsonValueSchema(curveSharesObjectSchema),
});
export type BackupBody = z.input<typeof backupBodySchema>;

/**
 * Backup shares; each `id` is the backup share pair's id.
 * @alias
 */
export const backupResponseSchema = curveSharesSchema;

export const recoverBodySchema = z.object({
  /** The backup response, as a JSON string or an object. */
  backupResponse: jsonValueSchema(curveSharesObjectSchema),
});
export type RecoverBody = z.input<typeof recoverBodySchema>;

/**
 * New signing shares.
 * @alias
 */
export const recoverResponseSchema = curveSharesSchema;

const rpcUrlSchema = z.url({ protocol: /^https?$/, message: "expected an http(s) RPC URL" });

export const signBodySchema = z.object({
  method: z.string().min(1, "expected a signer RPC method such as personal_sign"),
  /** A JSON-stringified array of the method's parameters, or (yield flow) an object of transaction fields. */
  params: z.union([z.string().min(1), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
  share: shareSchema,
  chainId: caip2Schema,
  to: z.string().min(1, "expected to"),
  rpcUrl: rpcUrlSchema,
  metadataStr: z.string().optional(),
});
export type SignBody = z.infer<typeof signBodySchema>;

/** A signature, or the transaction hash for a method that submits (eth_sendTransaction, sol_signAndSendTransaction). */
export const signResponseSchema = z.looseObject({ data: z.string().min(1) });

export const rawSignParamsSchema = z.object({ curve: curveSchema });

export const rawSignBodySchema = z.object({
  /** The digest in hex, without 0x. */
  params: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, "expected a hex digest without the 0x prefix"),
  share: shareSchema,
});
export type RawSignBody = z.infer<typeof rawSignBodySchema>;

/**
 * The raw sign endpoint answers as sign does; its own name, so each endpoint names its own schema.
 * @alias
 */
export const rawSignResponseSchema = signResponseSchema;

/** Hex with the 0x prefix, at least two digits ("0x01"). */
export const nonceSchema = z.string().regex(/^0x[0-9a-fA-F]{2,}$/, "expected a hex nonce such as 0x01");

export const assetsSendBodySchema = z
  .object({
    share: shareSchema,
    /** CAIP-2 id or shortcut. */
    chain: z.string().refine((v) => resolveSendChain(v) !== undefined, "unknown chain"),
    to: z.string().min(1, "expected the recipient address"),
    /** Contract address, mint address, USDC, USDT, or NATIVE for the chain's native token. */
    token: z.string().min(1, "expected a token"),
    amount: positiveDecimalSchema,
    /** Required except on Solana. */
    rpcUrl: rpcUrlSchema.optional(),
    nonce: nonceSchema.optional(),
    metadataStr: z.string().optional(),
  })
  .superRefine((body, ctx) => {
    const chain = resolveSendChain(body.chain);
    if (chain && body.rpcUrl === undefined && chainFamily(chain) !== "solana")
      ctx.addIssue({ code: "custom", path: ["rpcUrl"], message: "rpcUrl is required except on Solana" });
  });
export type AssetsSendBody = z.infer<typeof assetsSendBodySchema>;

export const assetsSendResponseSchema = z.looseObject({
  /** A transaction hash, a Solana signature, or a user operation hash for account-abstracted clients. */
  transactionHash: z.string().min(1),
  metadata: z
    .looseObject({
      amount: z.string().optional(),
      formattedAmount: z.string().optional(),
      rawAmount: z.string().optional(),
      tokenAddress: z.string().nullable().optional(),
      tokenDecimals: z.number().int().optional(),
      mintAddress: z.string().nullable().optional(),
      lastValidBlockHeight: z.string().optional(),
    })
    .optional(),
});
export type AssetsSendResponse = z.infer<typeof assetsSendResponseSchema>;
