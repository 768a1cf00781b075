/**
 * The client record as the console's pages get it: the upstream's record unchanged, beside what the
 * server read out of it with curve arithmetic the browser is spared (noble's curves and viem's
 * account code are most of a page's JavaScript): every own address with the console's words for it,
 * and each wallet's public key as wallet software shows it.
 */
import type { Client } from "../contracts";
import type { ClientAddress } from "./addresses";
import type { DisplayedPublicKey } from "./public-key";

export interface ClientDerived {
  addresses: ClientAddress[];
  /** By wallet id. */
  publicKeys: Record<string, DisplayedPublicKey>;
}

export type ClientView = Client & { derived: ClientDerived };
