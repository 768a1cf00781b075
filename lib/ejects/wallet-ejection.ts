/**
 * Whether one wallet is ejected, for its card on the client page: its backup shares handed out
 * through the console (when and by whom), or the upstream's record saying the client was ejected
 * (when; the record names nobody). An ejected wallet's upstream "ejectable until" and "completed"
 * backup are history: the upstream may not clear them (the sandbox does not), so they are not shown
 * as if the wallet could still be ejected.
 */
import type { Client } from "../contracts";
import type { EjectRequestView } from "./views";

export interface WalletEjection {
  at: string;
  /** Who downloaded the backup shares, when the console handed them out. */
  by?: string;
  /** Where the fact comes from: the console's own download, or the upstream's record of the client. */
  source: "console" | "upstream";
}

type DownloadFacts = Pick<EjectRequestView, "walletId" | "sharesFetchedAt" | "sharesFetchedByEmail">;

export function walletEjection(
  client: Pick<Client, "ejectedAt">,
  requests: readonly DownloadFacts[],
  walletId: string,
): WalletEjection | undefined {
  // The first download is when the wallet left MPC protection; a later one changes nothing.
  const first = requests
    .flatMap((r) =>
      r.walletId === walletId && r.sharesFetchedAt ? [{ at: r.sharesFetchedAt, by: r.sharesFetchedByEmail }] : [],
    )
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  if (first) return { at: new Date(first.at).toISOString(), source: "console", ...(first.by ? { by: first.by } : {}) };
  if (client.ejectedAt) return { at: client.ejectedAt, source: "upstream" };
  return undefined;
}
