/**
 * Yield operations for a client (spec "Yield operations"; api-shapes §4). Every response wraps the
 * provider's body as `{ data: { rawResponse }, metadata? }`. Field lists the spec leaves "not
 * shown" follow the provider's SDK; the console requires only what it reads, the rest is optional.
 */
import { z } from "zod";
import {
  caip2Schema,
  idSchema,
  isoDateTimeSchema,
  jsonValueSchema,
  openEnum,
  positiveDecimalSchema,
  queryBooleanSchema,
  queryIntSchema,
} from "./common";
import { YIELD_TYPES } from "./yield-types";

/** The yield paths' provider segment as the spec writes it; the real segment comes from YIELD_PROVIDER_SEGMENT. */
export const YIELD_PROVIDER_PLACEHOLDER = "yield-provider";

export function yieldEnvelopeSchema<T extends z.ZodType>(rawResponse: T) {
  return z.looseObject({
    data: z.looseObject({ rawResponse }),
    metadata: z.looseObject({ clientId: z.string().optional(), transactionId: z.string().optional() }).optional(),
    error: z.string().optional(),
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// ---------------------------------------------------------------------------------------------
// Shared objects

export const yieldTokenSchema = z.looseObject({
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  /** CAIP-2 per the spec; the provider's own slugs (ethereum-sepolia) also occur. */
  network: z.string(),
  address: z.string().nullable().optional(),
  logoURI: z.string().nullable().optional(),
  isPoints: z.boolean().optional(),
  coinGeckoId: z.string().nullable().optional(),
});
export type YieldToken = z.infer<typeof yieldTokenSchema>;

export const argumentFieldSchema = z.looseObject({
  name: z.string(),
  type: openEnum(["string", "number", "address", "enum", "boolean"]),
  label: z.string().optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  options: z.array(z.unknown()).optional(),
  optionsRef: z.string().optional(),
  default: z.unknown().optional(),
  placeholder: z.string().optional(),
  minimum: z.union([z.string(), z.number()]).nullable().optional(),
  maximum: z.union([z.string(), z.number()]).nullable().optional(),
  isArray: z.boolean().optional(),
});

/** Which arguments an intent takes (mechanics.arguments.enter, a pending action's arguments…). */
export const argumentSchemaSchema = z.looseObject({
  fields: z.array(argumentFieldSchema),
  notes: z.string().optional(),
});
export type ArgumentSchema = z.infer<typeof argumentSchemaSchema>;

const periodSchema = z.looseObject({ seconds: z.number() });

/** A fee rate: the provider's SDK types it as a decimal string ("0.1"); older answers send a number. */
const feeRateSchema = z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/, "expected a decimal string")]);

// ---------------------------------------------------------------------------------------------
// Opportunities: GET /yields

export const rewardRateSchema = z.looseObject({
  /** A fraction (0.042 = 4.2%). */
  total: z.number(),
  rateType: openEnum(["APR", "APY"]),
  components: z
    .array(
      z.looseObject({
        rate: z.number(),
        rateType: openEnum(["APR", "APY"]),
        token: yieldTokenSchema.optional(),
        yieldSource: z.string().optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
});

export { YIELD_TYPES };

export const yieldMechanicsSchema = z.looseObject({
  type: openEnum(YIELD_TYPES),
  requiresValidatorSelection: z.boolean().optional(),
  rewardSchedule: z.string().optional(),
  rewardClaiming: openEnum(["auto", "manual"]).optional(),
  gasFeeToken: yieldTokenSchema.optional(),
  lockupPeriod: periodSchema.optional(),
  cooldownPeriod: periodSchema.optional(),
  warmupPeriod: periodSchema.optional(),
  fee: z
    .looseObject({
      deposit: feeRateSchema.optional(),
      withdrawal: feeRateSchema.optional(),
      performance: feeRateSchema.optional(),
      management: feeRateSchema.optional(),
    })
    .optional(),
  entryLimits: z.looseObject({ minimum: z.string().nullable(), maximum: z.string().nullable() }).optional(),
  supportsLedgerWalletApi: z.boolean().optional(),
  arguments: z
    .looseObject({
      enter: argumentSchemaSchema.optional(),
      exit: argumentSchemaSchema.optional(),
      manage: z.record(z.string(), argumentSchemaSchema).optional(),
      balance: argumentSchemaSchema.optional(),
    })
    .optional(),
  possibleFeeTakingMechanisms: z.looseObject({}).optional(),
});

export const yieldOpportunitySchema = z.looseObject({
  /** The yieldId: a slug naming network, token and protocol (ethereum-sepolia-link-aave-v3-lending). */
  id: idSchema,
  network: z.string(),
  chainId: z.string().optional(),
  token: yieldTokenSchema,
  inputTokens: z.array(yieldTokenSchema).optional(),
  outputToken: yieldTokenSchema.optional(),
  tokens: z.array(yieldTokenSchema).optional(),
  rewardRate: rewardRateSchema,
  /** Left out when the provider has none (some answers send null). */
  statistics: z.looseObject({}).nullable().optional(),
  status: z.looseObject({ enter: z.boolean(), exit: z.boolean() }),
  metadata: z.looseObject({
    name: z.string(),
    logoURI: z.string().optional(),
    description: z.string().optional(),
    documentation: z.string().optional(),
    underMaintenance: z.boolean().optional(),
    deprecated: z.boolean().optional(),
    supportedStandards: z.array(z.string()).optional(),
  }),
  mechanics: yieldMechanicsSchema.optional(),
  providerId: z.string().optional(),
});
export type YieldOpportunity = z.infer<typeof yieldOpportunitySchema>;

export const YIELDS_MAX_LIMIT = 100;

/** The orders GET /v1/yields documents. */
export const YIELD_SORTS = [
  "statusEnterAsc",
  "statusEnterDesc",
  "statusExitAsc",
  "statusExitDesc",
  "rewardRateAsc",
  "rewardRateDesc",
] as const;

export const listYieldsQuerySchema = z.object({
  offset: queryIntSchema(0).optional(),
  limit: queryIntSchema(1, YIELDS_MAX_LIMIT).optional(),
  network: z.string().min(1).optional(),
  yieldId: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  hasCooldownPeriod: queryBooleanSchema.optional(),
  hasWarmupPeriod: queryBooleanSchema.optional(),
  token: z.string().min(1).optional(),
  inputToken: z.string().min(1).optional(),
  provider: z.string().min(1).optional(),
  search: z.string().min(1).optional(),
  sort: openEnum(YIELD_SORTS).optional(),
});
export type ListYieldsQuery = z.input<typeof listYieldsQuerySchema>;

const pageFields = {
  total: z.number().int().optional(),
  offset: z.number().int().optional(),
  limit: z.number().int().optional(),
};

export const listYieldsResponseSchema = yieldEnvelopeSchema(
  z.looseObject({ items: z.array(yieldOpportunitySchema), ...pageFields }),
);

// ---------------------------------------------------------------------------------------------
// Actions: enter, exit, manage

export const yieldArgumentsSchema = z.looseObject({
  /** Whole token units. */
  amount: positiveDecimalSchema.optional(),
  validatorAddress: z.string().optional(),
  validatorAddresses: z.array(z.string()).optional(),
  receiverAddress: z.string().optional(),
  providerId: z.string().optional(),
  duration: z.number().optional(),
  inputToken: z.string().optional(),
  outputToken: z.string().optional(),
  subnetId: z.number().optional(),
  tronResource: z.enum(["BANDWIDTH", "ENERGY"]).optional(),
  feeConfigurationId: z.string().optional(),
  executionMode: z.enum(["individual", "batched"]).optional(),
  useMaxAmount: z.boolean().optional(),
  skipPrechecks: z.boolean().optional(),
  feePayerAddress: z.string().optional(),
});

export const enterYieldBodySchema = z.object({
  address: z.string().min(1, "expected the wallet address"),
  yieldId: idSchema,
  arguments: yieldArgumentsSchema.optional(),
});
export type EnterYieldBody = z.infer<typeof enterYieldBodySchema>;

/**
 * Exit takes the same fields as enter (and, unlike manage, no passthrough).
 * @alias
 */
export const exitYieldBodySchema = enterYieldBodySchema;
export type ExitYieldBody = EnterYieldBody;

export const manageYieldBodySchema = z.object({
  /** The type of the chosen pending action (WITHDRAW, CLAIM_REWARDS…). */
  action: z.string().min(1, "expected the pending action's type"),
  address: z.string().min(1, "expected the wallet address"),
  /** Copied unchanged from the pending action. */
  passthrough: z.string().min(1, "expected the pending action's passthrough"),
  yieldId: idSchema,
  arguments: yieldArgumentsSchema.optional(),
});
export type ManageYieldBody = z.infer<typeof manageYieldBodySchema>;

export const YIELD_TRANSACTION_STATUSES = [
  "NOT_FOUND",
  "CREATED",
  "BLOCKED",
  "WAITING_FOR_SIGNATURE",
  "SIGNED",
  "BROADCASTED",
  "PENDING",
  "CONFIRMED",
  "FAILED",
  "SKIPPED",
] as const;

export const YIELD_ACTION_STATUSES = [
  "CANCELED",
  "CREATED",
  "WAITING_FOR_NEXT",
  "PROCESSING",
  "FAILED",
  "SUCCESS",
  "STALE",
] as const;

// The spec names the identifier transactionId; the provider and the API's own examples send id.
// Each fills the other, so both sides can rely on either name.
function withBothTransactionIds(value: unknown): unknown {
  if (!isRecord(value)) return value;
  const id =
    typeof value.id === "string" ? value.id : typeof value.transactionId === "string" ? value.transactionId : undefined;
  return id === undefined ? value : { ...value, id: value.id ?? id, transactionId: value.transactionId ?? id };
}

export const yieldTransactionSchema = z.preprocess(
  withBothTransactionIds,
  z.looseObject({
    id: idSchema,
    /** Identifier for PUT .../transactions/{transactionId}/submit-hash. */
    transactionId: idSchema,
    /** A JSON-encoded string of the transaction parameters (EVM); parse it before signing. */
    unsignedTransaction: z
      .union([z.string(), z.looseObject({})])
      .nullable()
      .optional(),
    status: openEnum(YIELD_TRANSACTION_STATUSES),
    /** Processed one at a time in ascending order. */
    stepIndex: z.number().int().nonnegative(),
    title: z.string().optional(),
    network: z.string().optional(),
    type: z.string().optional(),
    hash: z.string().nullable().optional(),
    createdAt: isoDateTimeSchema.optional(),
    broadcastedAt: isoDateTimeSchema.nullable().optional(),
    signedTransaction: z.string().nullable().optional(),
    annotatedTransaction: z.looseObject({}).nullable().optional(),
    structuredTransaction: z.looseObject({}).nullable().optional(),
    description: z.string().nullable().optional(),
    error: z.string().nullable().optional(),
    gasEstimate: z.string().nullable().optional(),
    explorerUrl: z.string().nullable().optional(),
    isMessage: z.boolean().optional(),
  }),
);

/** What an EVM unsignedTransaction holds once parsed; gas fields may be dropped so the signer estimates. */
export const unsignedEvmTransactionSchema = z.looseObject({
  from: z.string().optional(),
  to: z.string(),
  data: z.string().optional(),
  value: z.union([z.string(), z.number()]).optional(),
  nonce: z.union([z.string(), z.number()]).optional(),
  chainId: z.union([z.string(), z.number()]).optional(),
  gas: z.union([z.string(), z.number()]).optional(),
  gasLimit: z.union([z.string(), z.number()]).optional(),
  gasPrice: z.union([z.string(), z.number()]).optional(),
  maxFeePerGas: z.union([z.string(), z.number()]).optional(),
  maxPriorityFeePerGas: z.union([z.string(), z.number()]).optional(),
});
export type UnsignedEvmTransaction = z.infer<typeof unsignedEvmTransactionSchema>;

/** Parses a yield transaction's unsignedTransaction, whether the JSON string of the spec or an object. */
export const unsignedEvmTransactionFromJsonSchema = jsonValueSchema(unsignedEvmTransactionSchema);

export const yieldActionSchema = z.looseObject({
  id: z.string().optional(),
  intent: openEnum(["enter", "exit", "manage"]).optional(),
  type: z.string().optional(),
  yieldId: z.string().optional(),
  address: z.string().optional(),
  amount: z.string().nullable().optional(),
  amountRaw: z.string().nullable().optional(),
  amountUsd: z.string().nullable().optional(),
  transactions: z.array(yieldTransactionSchema),
  executionPattern: openEnum(["synchronous", "asynchronous", "batch"]).optional(),
  rawArguments: z.looseObject({}).nullable().optional(),
  createdAt: isoDateTimeSchema.optional(),
  completedAt: isoDateTimeSchema.nullable().optional(),
  status: openEnum(YIELD_ACTION_STATUSES).optional(),
});
export type YieldAction = z.infer<typeof yieldActionSchema>;

export const yieldActionResponseSchema = yieldEnvelopeSchema(yieldActionSchema);

// ---------------------------------------------------------------------------------------------
// Balances: POST /yields/balances

/** CAIP-2 per the spec; the provider's slugs are accepted too. */
const networkSchema = z.union([
  caip2Schema,
  z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "expected a CAIP-2 id or network slug"),
]);

export const yieldBalancesBodySchema = z.object({
  queries: z
    .array(
      z.object({
        address: z.string().min(1, "expected the wallet address"),
        network: networkSchema,
        yieldId: z.string().min(1).optional(),
        arguments: yieldArgumentsSchema.optional(),
      }),
    )
    .min(1, "expected at least one query"),
});
export type YieldBalancesBody = z.infer<typeof yieldBalancesBodySchema>;

export const pendingActionSchema = z.looseObject({
  intent: openEnum(["manage", "enter", "exit"]),
  /** WITHDRAW, CLAIM_REWARDS…; the full list is not shown. */
  type: z.string(),
  /** Opaque; send it back unchanged as manage's passthrough. */
  passthrough: z.string(),
  arguments: argumentSchemaSchema.nullable().optional(),
  amount: z.string().nullable().optional(),
});

export const BALANCE_TYPES = ["active", "entering", "exiting", "withdrawable", "claimable", "locked"] as const;

export const yieldBalanceSchema = z.looseObject({
  address: z.string(),
  /** Whole token units. */
  amount: z.string(),
  /** Smallest units. */
  amountRaw: z.string(),
  type: openEnum(BALANCE_TYPES),
  token: yieldTokenSchema,
  pendingActions: z.array(pendingActionSchema),
  amountUsd: z.string().nullable().optional(),
  isEarning: z.boolean(),
  /** When an exiting amount becomes withdrawable (or became so); a date-time string. */
  date: z.string().nullable().optional(),
  /** Vaults and liquid staking: the share (receipt) token held, besides the underlying amount. */
  shareAmount: z.string().nullable().optional(),
  shareAmountRaw: z.string().nullable().optional(),
  shareToken: yieldTokenSchema.nullable().optional(),
});
export type YieldBalance = z.infer<typeof yieldBalanceSchema>;

export const yieldBalancesItemSchema = z.looseObject({
  yieldId: z.string(),
  balances: z.array(yieldBalanceSchema),
  outputTokenBalance: z.looseObject({}).nullable().optional(),
  rewardRate: rewardRateSchema.nullable().optional(),
});

export const yieldBalancesResponseSchema = yieldEnvelopeSchema(
  z.looseObject({
    items: z.array(yieldBalancesItemSchema),
    /** Per-yield failures; their shape is not shown, the provider sends { yieldId, error }. */
    errors: z.array(z.looseObject({ yieldId: z.string().optional(), error: z.unknown().optional() })),
  }),
);

// ---------------------------------------------------------------------------------------------
// History: GET /actions

export const listYieldActionsQuerySchema = z.object({
  address: z.string().min(1, "expected the wallet address"),
  offset: queryIntSchema(0).optional(),
  limit: queryIntSchema(1, YIELDS_MAX_LIMIT).optional(),
  status: z.string().min(1).optional(),
  intent: z.enum(["enter", "exit", "manage"]).optional(),
  type: z.string().min(1).optional(),
  yieldId: z.string().min(1).optional(),
});
export type ListYieldActionsQuery = z.input<typeof listYieldActionsQuerySchema>;

export const listYieldActionsResponseSchema = yieldEnvelopeSchema(
  z.looseObject({ items: z.array(yieldActionSchema), ...pageFields }),
);

// ---------------------------------------------------------------------------------------------
// PUT /transactions/{transactionId}/submit-hash

export const yieldTransactionParamsSchema = z.object({ transactionId: idSchema });

export const submitHashBodySchema = z.object({
  /** The on-chain transaction hash (for account-abstracted clients, the bundle's transaction hash). */
  hash: z.string().min(1, "expected the transaction hash").max(200),
});
export type SubmitHashBody = z.infer<typeof submitHashBodySchema>;

/** The spec shows no body; the provider returns the updated transaction, so only its status is relied on. */
export const submitHashResponseSchema = yieldEnvelopeSchema(
  z.looseObject({
    id: z.string().optional(),
    status: openEnum(YIELD_TRANSACTION_STATUSES).optional(),
    hash: z.string().nullable().optional(),
  }),
);
