/**
 * Where a client stands on ejection, one rule for the clients list and the client page: what the
 * upstream says (ejected, a window open until …) or backup shares the console handed out (ejected)
 * win over the console's own request state (approved, then pending).
 */
import type { Client } from "../contracts";
import type { EjectSummary } from "./views";

/** The facts of one eject request the rule needs (a row, or a request as the page holds it). */
export interface EjectRequestFacts {
  id: string;
  walletId: string;
  status: string;
  requestedAt: string | Date;
  sharesFetchedAt: string | Date | null;
}

const time = (v: string | Date) => (typeof v === "string" ? Date.parse(v) : v.getTime());
const iso = (v: string | Date) => (typeof v === "string" ? new Date(v).toISOString() : v.toISOString());

/** The earliest hand-out of a wallet's (or, without walletId, any wallet's) backup shares through the console. */
export function sharesHandedOut(requests: readonly EjectRequestFacts[], walletId?: string): string | undefined {
  const times = requests
    .filter((r) => walletId === undefined || r.walletId === walletId)
    .flatMap((r) => (r.sharesFetchedAt === null ? [] : [iso(r.sharesFetchedAt)]))
    .sort();
  return times[0];
}

export function ejectSummaryOf(
  client: Pick<Client, "ejectedAt" | "wallets">,
  requests: readonly EjectRequestFacts[],
  now: number = Date.now(),
): EjectSummary {
  if (client.ejectedAt) return { state: "ejected", at: client.ejectedAt };
  // Backup shares handed out through the console mean the wallet left MPC protection, whatever
  // the upstream's record says now.
  const handedOut = sharesHandedOut(requests);
  if (handedOut) {
    // One wallet of two out of MPC protection is not the client ejected: say how many.
    const ejected = new Set(requests.filter((r) => r.sharesFetchedAt !== null).map((r) => r.walletId)).size;
    const total = client.wallets.length;
    return ejected < total
      ? { state: "ejected", at: handedOut, wallets: { ejected, total } }
      : { state: "ejected", at: handedOut };
  }
  const until = client.wallets
    .map((w) => w.ejectableUntil)
    .filter((u): u is string => !!u && Date.parse(u) > now)
    .sort()
    .at(-1);
  if (until) return { state: "open", until };
  const newestFirst = [...requests].sort((a, b) => time(b.requestedAt) - time(a.requestedAt));
  const approved = newestFirst.find((r) => r.status === "approved");
  if (approved) return { state: "approved", requestId: approved.id };
  const pending = newestFirst.find((r) => r.status === "pending");
  if (pending) return { state: "pending", requestId: pending.id };
  return { state: "none" };
}
