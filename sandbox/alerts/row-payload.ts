/**
 * What a delivery POSTs: a live event's stored payload, or a seeded event's regenerated from the seed;
 * and the custodian metadata every payload carries.
 */
import type { CustodianProfile } from "../admin/profile";
import { KIND, type EventStore } from "./event-store";
import { EVENT_TYPE, seededTransfers, type WebhookPayload } from "./payload";

interface RowPayloadContext {
  events: EventStore;
  profile: CustodianProfile;
  seed: string;
  /** Lower-case EVM addresses of seeded clients: the wallets seeded events' payloads are about. */
  seededWallets: readonly string[];
}

export function payloadMetadata(profile: CustodianProfile) {
  return { custodianId: profile.custodian.id, environmentId: profile.environment.id };
}

/** What a delivery of row i POSTs. */
export function rowPayload(ctx: RowPayloadContext, i: number): WebhookPayload {
  const { events, seed, seededWallets } = ctx;
  const live = events.liveRow(i);
  if (live) return live.payload;
  return {
    data: seededTransfers({
      seed,
      index: events.transferRow[i] as number,
      confirmed: events.kind[i] === KIND.confirmed,
      chainId: events.chains.values[events.chain[i] as number] as string,
      blockNumber: events.block[i] as number,
      hashes: events.hashesOf(i),
      createdAt: events.created[i] as number,
      clientAddresses: seededWallets,
    }),
    metadata: payloadMetadata(ctx.profile),
    type: EVENT_TYPE,
  };
}
