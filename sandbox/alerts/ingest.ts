/**
 * A chain transfer that touches a client wallet becomes alerts: its unconfirmed alert on every webhook
 * (OUTBOUND and/or INBOUND, with the fee read from the receipt), its confirmed one armed; with the
 * reorganisation knob, sometimes also an orphan for a transaction the chain dropped.
 */
import { createHash } from "node:crypto";
import { evmChainReference } from "@/lib/chains";
import type { CustodianProfile } from "../admin/profile";
import type { ClientStore } from "../state/client-store";
import type { ChainRegistry, ChainTransfer } from "../types";
import type { ConfirmationWaits } from "./confirmation-waits";
import { EVENT_TYPE, transferItems } from "./payload";
import type { NewAlert } from "./raise";
import { payloadMetadata } from "./row-payload";

export interface IngestContext {
  clients: ClientStore;
  profile: CustodianProfile;
  /** Used to read a transfer's fee from its receipt; without it fees read as 0. */
  chains?: Pick<ChainRegistry, "request">;
  /** Share of new transfers that also leave an orphaned unconfirmed alert (SANDBOX_REORG_RATE). */
  reorgRate?: number;
  random: () => number;
  now: () => number;
  /** Raises an alert on every webhook. */
  raise(alert: NewAlert): { ids: string[]; rows: number[] };
  confirmations: Pick<ConfirmationWaits, "wait">;
}

/**
 * Raises a transfer's unconfirmed alert on every webhook and arms its confirmed one. With the
 * reorganisation knob, some transfers also leave an alert for a transaction the chain dropped (a
 * hash it never mined, as when a reorganised-out transaction is replaced), never confirmed.
 */
export async function ingestTransfer(ctx: IngestContext, t: ChainTransfer): Promise<string[]> {
  const { clients } = ctx;
  const directions: ("OUTBOUND" | "INBOUND")[] = [];
  if (clients.clientIdByEvmAddress(t.from)) directions.push("OUTBOUND");
  if (clients.clientIdByEvmAddress(t.to)) directions.push("INBOUND");
  if (directions.length === 0) return [];
  const fee = { rawAmount: await feeOf(ctx.chains, t) };
  const context = { directions, fee, sentAt: new Date(ctx.now()).toISOString(), confirmed: false };
  const first = ctx.raise({
    kind: "unconfirmed",
    chainId: t.chainId,
    blockNumber: t.blockNumber,
    transactionHashes: [t.transactionHash],
    payload: { data: transferItems(t, context), metadata: payloadMetadata(ctx.profile), type: EVENT_TYPE },
  });
  if ((ctx.reorgRate ?? 0) > 0 && ctx.random() < (ctx.reorgRate as number)) {
    const dropped = droppedTwinOf(t.transactionHash);
    ctx.raise({
      kind: "orphan",
      chainId: t.chainId,
      blockNumber: t.blockNumber,
      transactionHashes: [dropped],
      payload: {
        data: transferItems({ ...t, transactionHash: dropped }, context),
        metadata: payloadMetadata(ctx.profile),
        type: EVENT_TYPE,
      },
    });
  }
  ctx.confirmations.wait(t.transactionHash, t.chainId, t.blockNumber, first.rows, ctx.now());
  return first.ids;
}

async function feeOf(chains: Pick<ChainRegistry, "request"> | undefined, t: ChainTransfer): Promise<bigint> {
  const reference = evmChainReference(t.chainId);
  if (!chains || reference === undefined) return 0n;
  try {
    const receipt = (await chains.request(reference, "eth_getTransactionReceipt", [t.transactionHash])) as {
      gasUsed?: string;
      effectiveGasPrice?: string;
    } | null;
    return receipt?.gasUsed && receipt.effectiveGasPrice
      ? BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
      : 0n;
  } catch {
    return 0n;
  }
}

/** The hash of the transaction a reorganisation dropped, standing beside the one the chain kept. */
function droppedTwinOf(hash: string): `0x${string}` {
  return `0x${createHash("sha256").update(`reorganised-out:${hash.toLowerCase()}`).digest("hex")}`;
}
