/**
 * Solana is simulated: the sandbox runs no Solana chain. Signatures are real ed25519 signatures by the
 * wallet's key (they verify against its address), but nothing is broadcast and no balance moves.
 * - sol_signMessage: signs the UTF-8 bytes of params[0] (or the bytes of 0x-hex) → base58 signature.
 * - sol_signTransaction / sol_signAndSendTransaction: params[0] is the base64 transaction; the message
 *   part (after the signature slots) is signed. signTransaction returns the transaction in base64 with
 *   the signature in slot 0; signAndSend returns the base58 signature, which is a Solana transaction id.
 * - assets/send: signs a description of the transfer and returns its base58 signature as the hash.
 */
import { randomBytes } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, base64 } from "@scure/base";
import { hexToBytes, isHex } from "viem";
import { SOLANA_MAINNET } from "@/lib/chains";
import { isSolanaAddress } from "../state/addresses";
import { toRawAmount } from "./amounts";
import { MpcError } from "./errors";

/** compact-u16 length prefix of Solana's wire format: [value, bytes used]. */
function shortVec(bytes: Uint8Array): [number, number] | undefined {
  let value = 0;
  for (let i = 0; i < 3 && i < bytes.length; i++) {
    const byte = bytes[i] as number;
    value |= (byte & 0x7f) << (7 * i);
    if ((byte & 0x80) === 0) return [value, i + 1];
  }
  return undefined;
}

/** [signature slots, message] of a serialized transaction, or undefined when the bytes are not one. */
function splitTransaction(tx: Uint8Array): { slots: number; offset: number; message: Uint8Array } | undefined {
  const prefix = shortVec(tx);
  if (!prefix || prefix[0] < 1) return undefined;
  const offset = prefix[1];
  const messageStart = offset + prefix[0] * 64;
  return tx.length > messageStart ? { slots: prefix[0], offset, message: tx.subarray(messageStart) } : undefined;
}

function transactionBytes(value: unknown): Uint8Array {
  if (typeof value !== "string" || value === "")
    throw new MpcError("TX_BUILD_FAILED", "params must hold the base64-encoded transaction");
  try {
    return base64.decode(value);
  } catch {
    throw new MpcError("TX_BUILD_FAILED", "The transaction is not valid base64");
  }
}

export function signSolana(method: string, params: unknown[], seed: Uint8Array): string {
  if (method === "sol_signMessage") {
    const message = params[0];
    if (typeof message !== "string") throw new MpcError("MSG_BUILD_FAILED", "sol_signMessage takes [message]");
    return base58.encode(ed25519.sign(isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message), seed));
  }
  if (method === "sol_signTransaction" || method === "sol_signAndSendTransaction") {
    const tx = transactionBytes(params[0]);
    const parts = splitTransaction(tx);
    const signature = ed25519.sign(parts?.message ?? tx, seed);
    if (method === "sol_signAndSendTransaction" || !parts) return base58.encode(signature);
    const signed = Uint8Array.from(tx);
    signed.set(signature, parts.offset);
    return base64.encode(signed);
  }
  throw new MpcError("METHOD_UNSUPPORTED", `Method ${method} is not supported`);
}

const MINTS: Record<string, Record<string, { mint: string; decimals: number }>> = {
  [SOLANA_MAINNET]: {
    USDC: { mint: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", decimals: 6 },
    USDT: { mint: "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", decimals: 6 },
  },
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": {
    USDC: { mint: "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU", decimals: 6 },
  },
};

export function simulateSolanaSend(
  seed: Uint8Array,
  chain: string,
  body: { to: string; token: string; amount: string },
) {
  if (!isSolanaAddress(body.to)) throw new MpcError("BAD_REQUEST", `${body.to} is not a Solana address`);
  const mints = MINTS[chain] ?? {};
  const upper = body.token.toUpperCase();
  const token =
    upper === "NATIVE" || upper === "SOL"
      ? { mint: null, decimals: 9, symbol: "SOL" }
      : Object.entries(mints)
          .map(([symbol, m]) => ({ ...m, symbol }))
          .find((m) => m.symbol === upper || m.mint === body.token);
  if (!token)
    throw new MpcError(
      "BAD_REQUEST",
      `Unknown token ${body.token} on ${chain}: use NATIVE or ${Object.keys(mints).join(", ") || "NATIVE only"}`,
    );
  const rawAmount = toRawAmount(body.amount, token.decimals, token.symbol);
  const description = JSON.stringify({
    chain,
    to: body.to,
    mint: token.mint,
    rawAmount: rawAmount.toString(),
    salt: randomBytes(16).toString("hex"),
  });
  const signature = base58.encode(ed25519.sign(new TextEncoder().encode(description), seed));
  return {
    transactionHash: signature,
    metadata: {
      amount: body.amount,
      rawAmount: rawAmount.toString(),
      mintAddress: token.mint,
      tokenAddress: token.mint,
      tokenDecimals: token.decimals,
      // Solana blocks come every ~400 ms; a plausible, growing height.
      lastValidBlockHeight: String(Math.floor((Date.now() - Date.UTC(2020, 2, 16)) / 400) + 150),
    },
  };
}
