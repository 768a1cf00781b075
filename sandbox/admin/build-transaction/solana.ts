/**
 * Solana transfers: a real serialized unsigned legacy transaction (base64) and the metadata union of
 * the custodian and client variants (api-shapes §1.7). SOL moves with a System transfer; SPL tokens
 * with create-associated-account-idempotent + transferChecked. There is no Solana cluster: the
 * blockhash and lastValidBlockHeight are derived from the clock (a slot every 400 ms).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { base58 } from "@scure/base";
import type { SolanaBuildTransactionResponse } from "@/lib/contracts";
import { badRequest } from "../../http/errors";
import { isSolanaAddress } from "../../state/addresses";
import type { NativeToken } from "../native-tokens";
import type { SimulatedToken } from "../simulated-holdings";
import { isNativeToken, rawAmountOf } from "./amount";
import {
  ASSOCIATED_TOKEN_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  associatedTokenAddress,
  compileMessage,
  serializeUnsigned,
  u64le,
  type Instruction,
} from "./solana-message";

export interface SolanaBuildInput {
  chainId: string;
  from: string;
  to: string;
  token: string;
  amount: string;
  native: NativeToken;
  tokens: SimulatedToken[];
  now: number;
}

const SLOT_MS = 400;
/** Blockhashes stay valid for 150 blocks. */
const VALID_BLOCKS = 150;

export function recentBlockhash(chainId: string, now: number): { blockhash: string; lastValidBlockHeight: string } {
  const slot = Math.floor(now / SLOT_MS);
  return {
    blockhash: base58.encode(sha256(new TextEncoder().encode(`blockhash:${chainId}:${slot}`))),
    // Block height trails the slot (skipped slots); a fixed ratio keeps it plausible and monotonic.
    lastValidBlockHeight: String(Math.floor(slot * 0.06) + VALID_BLOCKS),
  };
}

export function buildSolanaTransfer({
  chainId,
  from,
  to,
  token,
  amount,
  native,
  tokens,
  now,
}: SolanaBuildInput): SolanaBuildTransactionResponse {
  if (!isSolanaAddress(to)) throw badRequest(`to: ${JSON.stringify(to)} is not a Solana address (32 bytes, base58)`);
  const { blockhash, lastValidBlockHeight } = recentBlockhash(chainId, now);

  let instructions: Instruction[];
  let mint: SimulatedToken | undefined;
  let raw: bigint;
  if (isNativeToken(token, native.symbol)) {
    raw = rawAmountOf(amount, native.decimals, native.symbol);
    instructions = [
      {
        programId: SYSTEM_PROGRAM,
        keys: [
          { pubkey: from, isSigner: true, isWritable: true },
          { pubkey: to, isSigner: false, isWritable: true },
        ],
        data: Uint8Array.from([2, 0, 0, 0, ...u64le(raw)]),
      },
    ];
  } else {
    mint = tokens.find((t) => t.address === token || t.symbol.toUpperCase() === token.toUpperCase());
    if (!mint)
      throw badRequest(
        `token: unknown token ${JSON.stringify(token)} on ${chainId}; this chain has ${[native.symbol, ...tokens.map((t) => t.symbol)].join(", ")} (by symbol or mint address) or NATIVE`,
      );
    raw = rawAmountOf(amount, mint.decimals, mint.symbol);
    const source = associatedTokenAddress(from, mint.address);
    const destination = associatedTokenAddress(to, mint.address);
    instructions = [
      {
        programId: ASSOCIATED_TOKEN_PROGRAM,
        keys: [
          { pubkey: from, isSigner: true, isWritable: true },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: to, isSigner: false, isWritable: false },
          { pubkey: mint.address, isSigner: false, isWritable: false },
          { pubkey: SYSTEM_PROGRAM, isSigner: false, isWritable: false },
          { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
        ],
        data: Uint8Array.from([1]),
      },
      {
        programId: TOKEN_PROGRAM,
        keys: [
          { pubkey: source, isSigner: false, isWritable: true },
          { pubkey: mint.address, isSigner: false, isWritable: false },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: from, isSigner: true, isWritable: false },
        ],
        data: Uint8Array.from([12, ...u64le(raw), mint.decimals]),
      },
    ];
  }

  const message = compileMessage(from, instructions, blockhash);
  const serialized = serializeUnsigned(message);
  const messageView = {
    accountKeys: message.accountKeys,
    header: message.header,
    instructions: message.instructions,
    recentBlockhash: message.recentBlockhash,
  };
  return {
    transaction: Buffer.from(serialized).toString("base64"),
    metadata: {
      amount,
      mintAddress: mint?.address ?? null,
      lastValidBlockHeight,
      unsignedTransaction: { signatures: null, message: messageView },
      fromAddress: from,
      toAddress: to,
      tokenMintAddress: mint?.address ?? null,
      tokenDecimals: mint?.decimals ?? native.decimals,
      tokenProgramId: mint ? TOKEN_PROGRAM : null,
      tokenExtensions: [],
      rawAmount: raw.toString(),
      serializedTransactionBase64Encoded: Buffer.from(serialized).toString("base64"),
      serializedTransactionBase58Encoded: base58.encode(serialized),
      unsignedTransactionMessage: messageView,
    },
  };
}
