/**
 * Forms and URL state of the clients area, shared by the pages, the server actions and the route
 * handlers: every value is checked with the same schema in the browser and on the server, before
 * anything reaches the upstream.
 */
import { base58 } from "@scure/base";
import { isAddress } from "viem";
import { z } from "zod";
import { chainFamily, chainInfo, resolveAssetsChain, resolveBuildTransactionChain, type ChainFamily } from "../chains";
import type { Client, ListClientsResponse } from "../contracts";
import type { EjectSummary } from "../ejects/views";
import { freeText } from "../shared/text";
import { CLIENT_ID_MESSAGE, CLIENT_ID_PATTERN, readClientsPageQuery, type ClientsPageQuery } from "./client-id";

/** Client ids are opaque upstream ids (cuid-like); anything else cannot be one (lib/clients/client-id.ts). */
export const clientIdSchema = z.string().trim().regex(CLIENT_ID_PATTERN, CLIENT_ID_MESSAGE);

/**
 * The clients list's URL state. The rule is `readClientsPageQuery` (lib/clients/client-id.ts), which the
 * list in the browser runs without zod; this schema runs the same function on the server.
 */
export const clientsPageQuerySchema = z
  .object({ take: z.unknown().optional(), cursor: z.unknown().optional() })
  .transform((raw, ctx): ClientsPageQuery => {
    const read = readClientsPageQuery(raw);
    if (read.success) return read.data;
    ctx.addIssue({ code: "custom", path: [read.field], message: read.message, input: raw[read.field] });
    return z.NEVER;
  });

export const reasonSchema = freeText()
  .min(10, "Give a reason of at least 10 characters (it goes into the audit log)")
  .max(500);

export const credentialRequestSchema = z.object({ clientId: clientIdSchema, reason: reasonSchema });

export const createClientSchema = z.object({ isAccountAbstracted: z.boolean() });

export const assetsQuerySchema = z.object({
  clientId: clientIdSchema,
  chain: z.string().refine((c) => resolveAssetsChain(c) !== undefined, "Choose a chain from the list"),
});

const isEvmAddress = (v: string) => isAddress(v, { strict: false }) && (v === v.toLowerCase() || isAddress(v));
const isSolanaAddress = (v: string) => {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(v)) return false;
  try {
    return base58.decode(v).length === 32;
  } catch {
    return false;
  }
};
const isTronAddress = (v: string) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(v);
const isSymbol = (v: string) => /^[A-Za-z][A-Za-z0-9.]{1,11}$/.test(v);

/** What a recipient address looks like, per family (the wallet lab's send checks the same). */
export const ADDRESS_RULES: Record<ChainFamily, { test: (to: string, chainId: string) => boolean; hint: string }> = {
  eip155: { test: isEvmAddress, hint: "an EVM address: 0x followed by 40 hex digits" },
  solana: { test: isSolanaAddress, hint: "a Solana address (base58 of 32 bytes, 32–44 characters)" },
  bip122: {
    test: (to, chainId) =>
      (chainInfo(chainId)?.testnet ? /^tb1[02-9ac-hj-np-z]{39,59}$/ : /^bc1[02-9ac-hj-np-z]{39,59}$/).test(to),
    hint: "a native SegWit (P2WPKH) address: bc1… on mainnet, tb1… on testnet",
  },
  tron: { test: isTronAddress, hint: "a Tron address (T followed by 33 base58 characters)" },
  stellar: { test: (to) => /^G[A-Z2-7]{55}$/.test(to), hint: "a Stellar account id (G followed by 55 characters)" },
};

/**
 * How a token is named by address, per family: an ERC-20 contract, an SPL mint, a TRC-20 contract.
 * Bitcoin moves BTC only, and no public source says how the API names a Stellar asset, so those
 * two take only the tokens the console lists.
 */
export const TOKEN_ADDRESS_RULES: Record<ChainFamily, { test: (v: string) => boolean; hint: string } | undefined> = {
  eip155: { test: isEvmAddress, hint: "an ERC-20 contract address: 0x followed by 40 hex digits" },
  solana: { test: isSolanaAddress, hint: "an SPL mint address (base58 of 32 bytes)" },
  tron: { test: isTronAddress, hint: "a TRC-20 contract address (T followed by 33 base58 characters)" },
  bip122: undefined,
  stellar: undefined,
};

const TOKEN_RULES: Record<ChainFamily, (token: string) => boolean> = {
  eip155: (t) => isSymbol(t) || isEvmAddress(t),
  solana: (t) => isSymbol(t) || isSolanaAddress(t),
  bip122: isSymbol,
  tron: (t) => isSymbol(t) || isTronAddress(t),
  stellar: (t) => /^[A-Za-z][A-Za-z0-9.:-]{1,60}$/.test(t),
};

/** A positive amount in whole units, as the upstream wants it ("0.01", "12"). */
export const amountSchema = z
  .string()
  .trim()
  .regex(/^(0|[1-9]\d*)(\.\d+)?$/, "Enter an amount in whole units, e.g. 0.5")
  .refine((v) => /[1-9]/.test(v), "The amount must be more than zero");

export const buildTransferSchema = z
  .object({
    clientId: clientIdSchema,
    chain: z.string().refine((c) => resolveBuildTransactionChain(c) !== undefined, "Choose a chain from the list"),
    to: z.string().trim().min(1, "Enter the recipient's address"),
    token: z
      .string()
      .trim()
      .min(1, "Enter a token: a symbol such as USDC, NATIVE's symbol, or a contract/mint address"),
    amount: amountSchema,
  })
  .superRefine((v, ctx) => {
    const chainId = resolveBuildTransactionChain(v.chain);
    const family = chainId ? chainFamily(chainId) : undefined;
    if (!chainId || !family) return;
    const rule = ADDRESS_RULES[family];
    if (!rule.test(v.to, chainId)) ctx.addIssue({ code: "custom", path: ["to"], message: `Expected ${rule.hint}` });
    if (!TOKEN_RULES[family](v.token))
      ctx.addIssue({
        code: "custom",
        path: ["token"],
        message: "Expected a token symbol or a contract/mint address of this chain",
      });
    const native = chainInfo(chainId);
    const decimals = v.amount.split(".")[1]?.length ?? 0;
    if (native && v.token.toUpperCase() === native.nativeSymbol.toUpperCase() && decimals > native.nativeDecimals)
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `${native.nativeSymbol} has ${native.nativeDecimals} decimals; the amount has ${decimals}`,
      });
  });

/**
 * A client as a row of the list: the columns the list shows and nothing else. The upstream's record
 * (wallets, share pairs, every chain's address: about 2 KB a client) stays on the server; the page
 * of a client has the whole of it.
 */
export interface ClientRow {
  id: string;
  createdAt: string;
  isAccountAbstracted: boolean;
  evmAddress: string | null;
  solanaAddress: string | null;
}

export function clientRow(client: Client): ClientRow {
  return {
    id: client.id,
    createdAt: client.createdAt,
    isAccountAbstracted: client.isAccountAbstracted,
    evmAddress: client.metadata.namespaces.eip155?.address || null,
    solanaAddress: client.metadata.namespaces.solana?.address || null,
  };
}

/** A page of the clients list as the console serves it: the upstream's page as rows, and each client's eject state. */
export type ClientsPage = {
  metadata: ListClientsResponse["metadata"];
  results: ClientRow[];
  ejects: Record<string, EjectSummary>;
  /** Ids of the page's clients that the console made as test clients (their keys are in its vault). */
  testClients: string[];
};
