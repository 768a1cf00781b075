/**
 * A client's yield positions as the pages show them: balances grouped by yield and by type, with
 * the provider's per-yield errors kept (never dropped), and what the console may do for the client.
 */
import { isCaip2 } from "@/lib/chains";
import type { YieldAction, YieldBalance } from "@/lib/contracts";
import { yieldNetworkId } from "./networks";

export interface YieldClientView {
  clientId: string;
  /** The EVM address the yields see: the EOA, or an account-abstracted client's smart account. */
  address: string | null;
  isAccountAbstracted: boolean;
  /** Created as a test client in this console: its key and shares are in the vault, so it can act. */
  isTestClient: boolean;
  hasShares: boolean;
}

export type PositionBalance = YieldBalance & { network: string };

export interface PositionsView {
  client: YieldClientView;
  /** The networks read: those asked for, or the client's own (see positionNetworks). */
  networks: string[];
  items: { yieldId: string; balances: PositionBalance[] }[];
  errors: { yieldId: string | null; message: string }[];
}

/** The client's balance of one token on one network, in whole units; null amount when it cannot be read. */
export interface AvailableBalance {
  amount: string | null;
  symbol: string;
  network: string;
  /** Why there is no amount, in words. */
  reason?: string;
}

/** The most networks one positions read covers (the route's limit). */
export const MAX_POSITION_NETWORKS = 10;
const DEFAULT_POSITION_NETWORKS = ["eip155:11155111"];

/** The cache key's part for a positions read: the networks, or "" for the client's own. */
export const networksKey = (networks: string[] | null) => (networks ? networks.join(",") : "");

/**
 * The networks whose positions are read when none are chosen: where the console ran actions for
 * the client (most recent first), then where the provider recorded its actions (a yield balance
 * only exists after an action), else Sepolia.
 */
export function positionNetworks(runChains: string[], actions: YieldAction[]): string[] {
  const fromActions = actions.flatMap((a) =>
    a.transactions.map((t) => (t.network ? yieldNetworkId(t.network) : undefined)),
  );
  const found = [...new Set([...runChains, ...fromActions].filter((n): n is string => !!n && isCaip2(n)))];
  return found.length > 0 ? found.slice(0, MAX_POSITION_NETWORKS) : [...DEFAULT_POSITION_NETWORKS];
}

/** Balance types in the order a position is read: what earns, what moves in or out, what waits. */
export const BALANCE_TYPE_ORDER = ["active", "entering", "exiting", "withdrawable", "claimable", "locked"];

export function sortBalances<T extends { type: string }>(balances: T[]): T[] {
  const rank = (t: string) => {
    const i = BALANCE_TYPE_ORDER.indexOf(t);
    return i === -1 ? BALANCE_TYPE_ORDER.length : i;
  };
  return [...balances].sort((a, b) => rank(a.type) - rank(b.type));
}

/** Why the console cannot act for a client, in words; null when it can. */
export function whyReadOnly(client: YieldClientView, canAct: boolean): string | null {
  if (!canAct) return "Your role may read yield positions but not act on them.";
  if (!client.isTestClient)
    return "This client was not created as a test client in this console, so the console holds no key or shares to sign for it. Its yields are read-only here.";
  if (!client.hasShares)
    return "Generate this test client's wallet in the wallet lab first: the console signs with its shares.";
  if (!client.address) return "This client has no EVM wallet yet.";
  return null;
}
