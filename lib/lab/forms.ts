/**
 * The wallet lab's inputs, checked in the form and again on the server with the same schemas:
 * nothing malformed reaches the MPC service. The messages say what to change.
 */
import { z } from "zod";
import { chainFamily, chainInfo } from "../chains";
import { ADDRESS_RULES, TOKEN_ADDRESS_RULES, amountSchema, clientIdSchema } from "../clients";
import { curveSchema } from "../contracts/common";
import { hasControlCharacters, isWellFormedText } from "../shared/text";
import { LAB_EVM_CHAINS, LAB_SEND_CHAINS } from "./chains";
import { readTypedData } from "./typed-data";

export const labClientInputSchema = z.object({ clientId: clientIdSchema });

const evmChainSchema = z.enum(LAB_EVM_CHAINS, { message: "Choose a chain from the list" });

// --- sign a message ---------------------------------------------------------------------------

export const SIGN_METHODS = ["personal_sign", "eth_signTypedData_v4"] as const;
export type LabSignMethod = (typeof SIGN_METHODS)[number];

/** Signed as written (not trimmed: a space is part of what is signed). */
const messageSchema = z
  .string()
  .min(1, "Enter the message to sign")
  .max(2000, "At most 2,000 characters")
  .refine((v) => !hasControlCharacters(v), "Remove the invisible control characters from the message")
  .refine(isWellFormedText, "The message holds a broken character; retype it");

export const signMessageInputSchema = z
  .discriminatedUnion("method", [
    z.object({
      method: z.literal("personal_sign"),
      clientId: clientIdSchema,
      chainId: evmChainSchema,
      message: messageSchema,
    }),
    z.object({
      method: z.literal("eth_signTypedData_v4"),
      clientId: clientIdSchema,
      chainId: evmChainSchema,
      typedData: z.string().trim().min(2, "Enter the typed data (JSON)").max(20_000, "At most 20,000 characters"),
    }),
  ])
  .superRefine((v, ctx) => {
    if (v.method !== "eth_signTypedData_v4") return;
    const read = readTypedData(v.typedData, v.chainId);
    if (!read.ok) ctx.addIssue({ code: "custom", path: ["typedData"], message: read.reason });
  });
export type SignMessageInput = z.infer<typeof signMessageInputSchema>;

// --- raw sign a digest ------------------------------------------------------------------------

/** Exactly 32 bytes as 64 hex characters, without 0x (the spec's form), each mistake named. */
export const digestSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const say = (message: string) => ctx.addIssue({ code: "custom", message });
    if (v === "") return say("Enter the digest: 64 hex characters (32 bytes), without 0x");
    if (/^0x/i.test(v)) return say("Leave out the 0x prefix: the service takes the digest as bare hex");
    if (!/^[0-9a-fA-F]*$/.test(v)) return say("Only hex digits (0–9, a–f) can be in a digest");
    if (v.length !== 64) say(`A digest is exactly 64 hex characters (32 bytes); this one has ${v.length}`);
  });

export const rawSignInputSchema = z.object({ clientId: clientIdSchema, curve: curveSchema, digest: digestSchema });
export type RawSignInput = z.infer<typeof rawSignInputSchema>;

// --- send assets ------------------------------------------------------------------------------

export const SEND_TOKENS = ["NATIVE", "USDC", "USDT", "contract"] as const;
export type SendToken = (typeof SEND_TOKENS)[number];
export const MAX_PARALLEL_SENDS = 5;

/** The spec's nonce form: hex with the 0x prefix, two digits at least ("0x05"). */
export const NONCE_PATTERN = /^0x[0-9a-fA-F]{2,}$/;

/** A nonce in the spec's form. */
export const nonceHex = (nonce: number | bigint) => `0x${nonce.toString(16).padStart(2, "0")}`;

const TOKEN_DECIMALS: Partial<Record<SendToken, number>> = { USDC: 6, USDT: 6 };

export const sendInputSchema = z
  .object({
    clientId: clientIdSchema,
    chainId: z.enum(LAB_SEND_CHAINS, { message: "Choose a chain from the list" }),
    to: z.string().trim().min(1, "Enter the recipient's address"),
    token: z.enum(SEND_TOKENS, { message: "Choose NATIVE, USDC, USDT or a contract address" }),
    tokenAddress: z.string().trim().max(100).default(""),
    amount: amountSchema,
    nonce: z
      .string()
      .trim()
      .default("")
      .refine(
        (v) => v === "" || NONCE_PATTERN.test(v),
        "A nonce is hex with the 0x prefix and two digits at least, e.g. 0x05",
      )
      .refine((v) => v === "" || v.length <= 15, "That nonce is far larger than any account reaches"),
    parallel: z.coerce
      .number({ message: "Enter how many to send at once" })
      .int("A whole number")
      .min(1, "At least one")
      .max(MAX_PARALLEL_SENDS, `At most ${MAX_PARALLEL_SENDS} at once`),
  })
  .superRefine((v, ctx) => {
    const family = chainFamily(v.chainId);
    if (!family) return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const recipient = ADDRESS_RULES[family];
    if (!recipient.test(v.to, v.chainId)) issue("to", `Expected ${recipient.hint}`);
    if (v.token === "contract") {
      const rule = TOKEN_ADDRESS_RULES[family];
      if (!rule) issue("tokenAddress", "This chain takes no token address");
      else if (!rule.test(v.tokenAddress)) issue("tokenAddress", `Expected ${rule.hint}`);
    }
    if (family === "solana" && v.token === "USDT")
      issue("token", "USDT has no mint on Solana Devnet: choose NATIVE, USDC or a mint address");
    const places = v.amount.split(".")[1]?.length ?? 0;
    const decimals = v.token === "NATIVE" ? chainInfo(v.chainId)?.nativeDecimals : TOKEN_DECIMALS[v.token];
    if (decimals !== undefined && places > decimals)
      issue(
        "amount",
        `${v.token === "NATIVE" ? chainInfo(v.chainId)?.nativeSymbol : v.token} has ${decimals} decimals; the amount has ${places}`,
      );
    if (v.nonce !== "" && family !== "eip155") issue("nonce", "A nonce applies to EVM chains only");
    if (v.nonce !== "" && v.parallel > 1)
      issue("parallel", "An explicit nonce sends one transaction: set this to 1, or leave the nonce empty");
  });
export type SendInput = z.infer<typeof sendInputSchema>;

/** What /v1/assets/send takes as `token`. */
export const upstreamToken = (input: Pick<SendInput, "token" | "tokenAddress">) =>
  input.token === "contract" ? input.tokenAddress : input.token;
