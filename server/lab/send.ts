import "server-only";
import { chainFamily, chainLabel } from "@/lib/chains";
import type { AssetsSendBody } from "@/lib/contracts";
import { nonceHex, upstreamToken, type SendInput } from "@/lib/lab/forms";
import type { SendItem, SendResult } from "@/lib/lab/results";
import { evmAccount } from "@/lib/lab/signer";
import type { Db } from "@/server/db";
import { conflict } from "@/server/errors";
import { toAppError } from "@/server/kit/to-app-error";
import { logger } from "@/server/log";
import type { MpcClient } from "@/server/upstream";
import { chainRpc, type ChainRpc } from "@/server/wallets/chain-rpc";
import { releaseNonce, reserveNonce } from "@/server/wallets/nonces";
import { labClient, signingShares } from "./lab-client";
import { waitForReceipt, waitForUserOperation } from "./receipts";
import { describeRefusal, explainCollision, isNonceCollision, refusedBeforeBroadcast } from "./send-refusal";

interface Sending {
  db: Db;
  mpc: MpcClient;
  input: SendInput;
  from: string;
  /** The chain's gateway; undefined for Solana, which the console does not follow. */
  rpc: ChainRpc | undefined;
  accountAbstracted: boolean;
  body: AssetsSendBody;
}

/**
 * Sends assets with /v1/assets/send, `parallel` times at once, under the spec's nonce rule. An EOA
 * send without an explicit nonce reserves the next one from the console's tracker (the larger of
 * the tracker and the chain's pending count) and pins it, handing it back if the service refuses
 * before broadcasting. An account-abstracted client's sends are user operations whose order the
 * service keeps, so no nonce is pinned. Each send waits (bounded) for its receipt.
 */
export async function sendAssets(input: SendInput): Promise<SendResult> {
  const { db, client, mpc } = await labClient(input.clientId);
  const shares = await signingShares(db, input.clientId);
  const evm = chainFamily(input.chainId) === "eip155";
  const from = evm ? evmAccount(client) : client.metadata.namespaces.solana?.address;
  if (!from)
    throw conflict(
      `The client's record shows no address on ${chainLabel(input.chainId)} yet: generate its wallet first.`,
    );
  const rpc = evm ? chainRpc(input.chainId) : undefined;
  const accountAbstracted = evm && client.isAccountAbstracted;
  const body: AssetsSendBody = {
    share: evm ? shares.SECP256K1.share : shares.ED25519.share,
    chain: input.chainId,
    to: input.to,
    token: upstreamToken(input),
    amount: input.amount,
    ...(rpc ? { rpcUrl: rpc.url } : {}),
  };
  const sending: Sending = { db, mpc, input, from, rpc, accountAbstracted, body };
  const items = await Promise.all(Array.from({ length: input.parallel }, (_, index) => sendOne(sending, index)));
  return { chainId: input.chainId, from, accountAbstracted, items };
}

async function sendOne(s: Sending, index: number): Promise<SendItem> {
  const { input, rpc } = s;
  let nonce = input.nonce === "" ? undefined : input.nonce;
  let reserved: number | undefined;
  if (!nonce && rpc && !s.accountAbstracted) {
    try {
      reserved = await reserveNonce(s.db, input.clientId, input.chainId, await rpc.transactionCount(s.from, "pending"));
      nonce = nonceHex(reserved);
    } catch (error) {
      return { index, status: "failed", message: `Nothing was sent: ${toAppError(error).userMessage}` };
    }
  }
  const at: Pick<SendItem, "index" | "nonce" | "nonceSource"> = nonce
    ? { index, nonce, nonceSource: reserved !== undefined ? "reserved" : "explicit" }
    : { index };

  let hash: string;
  try {
    hash = (await s.mpc.assetsSend({ ...s.body, ...(nonce ? { nonce } : {}) })).transactionHash;
  } catch (error) {
    return refused(s, at, error, reserved);
  }

  if (!rpc)
    return {
      ...at,
      status: "sent",
      transactionHash: hash,
      message: "Accepted by the service. The console follows EVM chains only, so no confirmation is read for Solana.",
    };
  try {
    if (s.accountAbstracted) {
      const op = await waitForUserOperation(rpc, hash);
      if (op.status === "pending")
        return {
          ...at,
          status: "pending",
          userOperationHash: hash,
          message: "The user operation was not in a block yet when the console stopped waiting.",
        };
      return {
        ...at,
        nonce: nonce ?? nonceHex(op.nonce),
        nonceSource: nonce ? "explicit" : "user-operation",
        status: op.status,
        userOperationHash: hash,
        transactionHash: op.transactionHash,
        blockNumber: op.blockNumber,
        ...(op.status === "reverted" ? { message: "The user operation was included but its call reverted." } : {}),
      };
    }
    const mined = await waitForReceipt(rpc, hash);
    if (mined.status === "pending")
      return {
        ...at,
        status: "pending",
        transactionHash: hash,
        message: "No receipt yet when the console stopped waiting: the transaction may still be mined.",
      };
    return {
      ...at,
      status: mined.status,
      transactionHash: hash,
      blockNumber: mined.blockNumber,
      ...(mined.status === "reverted" ? { message: "Mined, but the transaction reverted." } : {}),
    };
  } catch (error) {
    return {
      ...at,
      status: "sent",
      ...(s.accountAbstracted ? { userOperationHash: hash } : { transactionHash: hash }),
      message: `Sent, but its receipt could not be read: ${toAppError(error).userMessage}`,
    };
  }
}

async function refused(
  s: Sending,
  at: Pick<SendItem, "index" | "nonce" | "nonceSource">,
  error: unknown,
  reserved: number | undefined,
): Promise<SendItem> {
  const { input, rpc } = s;
  const before = refusedBeforeBroadcast(error);
  let note = "";
  if (reserved !== undefined) {
    if (before) {
      const released = await releaseNonce(s.db, input.clientId, input.chainId, reserved).catch(() => false);
      note = released
        ? ` Nonce ${at.nonce} was handed back for the next send.`
        : ` Nonce ${at.nonce} could not be handed back because a later one is already out: the transactions after it wait in the chain's pool until a send with nonce ${at.nonce} fills the gap.`;
    } else
      note = ` The service did not say whether it broadcast the transaction, so nonce ${at.nonce} stays reserved; look on the chain before sending again.`;
  }
  if (rpc && at.nonce && isNonceCollision(error)) {
    const explained = await explainCollision(error, {
      rpc,
      from: s.from,
      nonce: at.nonce,
      accountAbstracted: s.accountAbstracted,
      reserved: reserved !== undefined,
    });
    return { ...at, status: "collision", message: explained + note };
  }
  const appError = toAppError(error);
  if (before) return { ...at, status: "refused", message: describeRefusal(error, appError.userMessage) + note };
  logger.error(
    { err: error, clientId: input.clientId, chainId: input.chainId, index: at.index },
    "wallet lab send failed",
  );
  return { ...at, status: "failed", message: `${appError.userMessage}${note}` };
}
