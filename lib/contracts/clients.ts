/**
 * Custodian administration: clients, session tokens and web OTPs (api-shapes §1.1–1.5).
 */
import { z } from "zod";
import { curveSchema, idSchema, isoDateTimeSchema, openEnum, queryIntSchema } from "./common";

export const clientIdParamsSchema = z.object({ clientId: idSchema });

export const createClientBodySchema = z.object({
  isAccountAbstracted: z.boolean().optional().describe("ERC-4337 account abstraction"),
});
export type CreateClientBody = z.input<typeof createClientBodySchema>;

export const createClientResponseSchema = z.looseObject({
  id: idSchema,
  clientApiKey: z.string().min(1),
  clientSessionToken: z.string().min(1),
  isAccountAbstracted: z.boolean(),
});
export type CreateClientResponse = z.infer<typeof createClientResponseSchema>;

/** POST .../sessions: `id` is the client's id. */
export const createSessionResponseSchema = z.looseObject({
  id: idSchema,
  clientSessionToken: z.string().min(1),
  isAccountAbstracted: z.boolean(),
});
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>;

export const webOtpResponseSchema = z.looseObject({ id: idSchema, otp: z.string().min(1) });
export type WebOtpResponse = z.infer<typeof webOtpResponseSchema>;

const namespaceAddressSchema = z.looseObject({ address: z.string(), curve: curveSchema });

export const clientNamespacesSchema = z.looseObject({
  eip155: namespaceAddressSchema.optional(),
  solana: namespaceAddressSchema.optional(),
  bip122: namespaceAddressSchema
    .extend({
      bitcoin: z
        .looseObject({ p2wpkh: z.looseObject({ mainnet: z.string(), testnet: z.string() }).optional() })
        .optional(),
    })
    .optional(),
  tron: namespaceAddressSchema.optional(),
  stellar: namespaceAddressSchema.optional(),
});

export const SHARE_PAIR_STATUSES = ["completed", "incomplete"] as const;
export const BACKUP_METHODS = ["GDRIVE", "ICLOUD", "CUSTOM", "PASSWORD", "PASSKEY", "FIREBASE", "UNKNOWN"] as const;

export const signingSharePairSchema = z.looseObject({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  status: openEnum(SHARE_PAIR_STATUSES),
});

export const backupSharePairSchema = signingSharePairSchema.extend({ backupMethod: openEnum(BACKUP_METHODS) });

export const walletSchema = z.looseObject({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  curve: curveSchema,
  /** A JSON document as a string, e.g. {"X":"<decimal>","Y":"<decimal>"}. */
  publicKey: z.string(),
  /** Present once enable-eject was called; absent from the docs' example. */
  ejectableUntil: isoDateTimeSchema.nullable().optional(),
  backupSharePairs: z.array(backupSharePairSchema),
  signingSharePairs: z.array(signingSharePairSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

export const clientSchema = z.looseObject({
  id: idSchema,
  createdAt: isoDateTimeSchema,
  custodian: z.looseObject({ id: idSchema, name: z.string() }),
  environment: z.looseObject({ id: idSchema, name: z.string(), backupWithPortalEnabled: z.boolean().optional() }),
  ejectedAt: isoDateTimeSchema.nullable(),
  isAccountAbstracted: z.boolean(),
  metadata: z.looseObject({ namespaces: clientNamespacesSchema }),
  wallets: z.array(walletSchema),
});
export type Client = z.infer<typeof clientSchema>;

export const CLIENTS_TAKE_MAX = 100;

export const listClientsQuerySchema = z.object({
  cursor: idSchema.optional().describe("Id of the last client of the previous page"),
  take: queryIntSchema(1, CLIENTS_TAKE_MAX).default(CLIENTS_TAKE_MAX).describe("Page size, at most 100 (default 100)"),
});
export type ListClientsQuery = z.input<typeof listClientsQuerySchema>;

export const listClientsResponseSchema = z.looseObject({
  results: z.array(clientSchema),
  metadata: z.looseObject({
    /** The id to pass as `cursor` for the next page; null after the last page. */
    cursor: z.string().nullable(),
    take: z.number().int(),
    total: z.number().int(),
  }),
});
export type ListClientsResponse = z.infer<typeof listClientsResponseSchema>;
