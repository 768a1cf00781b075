import "server-only";
import { chainLabel } from "@/lib/chains";
import { nonceHex } from "@/lib/lab/forms";
import { isUpstreamError } from "@/server/upstream/errors";
import type { ChainRpc } from "@/server/wallets/chain-rpc";

/**
 * A refused send in words. The one refusal the lab exists to show is the spec's nonce rule: a nonce
 * already used or pending is taken as an attempt to overwrite a transaction, and the service
 * refuses it. Node and gateway wordings differ, so several are recognised.
 */
const COLLISION =
  /nonce.*(already used|already been used|pending|too low)|replacement transaction underpriced|already known/i;

export function isNonceCollision(error: unknown): boolean {
  return isUpstreamError(error) && error.status === 400 && COLLISION.test(error.upstreamMessage ?? "");
}

/** Whether the service refused before anything was broadcast (so a reserved nonce can be handed back). */
export function refusedBeforeBroadcast(error: unknown): boolean {
  if (!isUpstreamError(error)) return false;
  if (
    ["BadRequestError", "InvalidRequestError", "UnauthorizedError", "NotFoundError", "RateLimitedError"].includes(
      error.name,
    )
  )
    return true;
  return error.name === "ConnectionError" && (error as { beforeSend?: boolean }).beforeSend === true;
}

const said = (error: unknown) =>
  isUpstreamError(error) && error.upstreamMessage ? ` The service said: “${error.upstreamMessage}”` : "";

/** The collision explained with what the chain shows now; never throws (a failed read is left out). */
export async function explainCollision(
  error: unknown,
  ctx: { rpc: ChainRpc; from: string; nonce: string; accountAbstracted: boolean; reserved: boolean },
): Promise<string> {
  const where = `${ctx.from} on ${chainLabel(ctx.rpc.chainId)}`;
  const rule =
    "Each transaction of one sender needs its own nonce (the spec's nonce rule): the service takes a repeated one as an attempt to overwrite a pending transaction and refuses it.";
  let state = "";
  try {
    if (ctx.accountAbstracted) {
      const next = await ctx.rpc.userOperationNonce(ctx.from, "pending");
      state = ` The smart account's next user-operation nonce is ${nonceHex(next)}.`;
    } else {
      const [latest, pending] = await Promise.all([
        ctx.rpc.transactionCount(ctx.from, "latest"),
        ctx.rpc.transactionCount(ctx.from, "pending"),
      ]);
      const waiting = pending - latest;
      state = ` The chain has mined ${latest} transaction${latest === 1 ? "" : "s"} from this address${waiting > 0 ? ` and holds ${waiting} more pending` : ""}, so the next free nonce is ${nonceHex(pending)}.`;
    }
  } catch {
    // The explanation stands without the chain's figures.
  }
  const advice = ctx.reserved
    ? " The console reserved this nonce from the chain's pending count, so a transaction sent from elsewhere took it meanwhile; the next send reserves past it."
    : ctx.accountAbstracted
      ? " Leave the nonce empty: the service orders the smart account's user operations itself."
      : " Leave the nonce empty and the console reserves the next free one.";
  return `Nonce ${ctx.nonce} is already used or pending for ${where}.${state} ${rule}${advice}${said(error)}`;
}

/** Any other refusal, with the service's own words. */
export function describeRefusal(error: unknown, fallback: string): string {
  if (isUpstreamError(error) && error.upstreamMessage) return `The service refused the send: ${error.upstreamMessage}.`;
  return fallback;
}
