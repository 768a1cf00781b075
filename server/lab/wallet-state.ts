import "server-only";
import type { Curve } from "@/lib/clients/addresses";
import { clientAddresses } from "@/lib/clients/derive-addresses";
import { displayPublicKey } from "@/lib/clients/public-key";
import type { Client, CurveShares } from "@/lib/contracts";
import type { LabWalletState } from "@/lib/lab/results";

/** The record's wallets and addresses as the lab shows them, with the ids (never the values) of the shares kept. */
export function walletState(client: Client, shares?: CurveShares): LabWalletState {
  const sharePairIds: Partial<Record<Curve, string>> = {};
  if (shares) {
    sharePairIds.SECP256K1 = shares.SECP256K1.id;
    sharePairIds.ED25519 = shares.ED25519.id;
  }
  return {
    clientId: client.id,
    wallets: client.wallets.map((w) => {
      const key = displayPublicKey(w.curve, w.publicKey);
      return { id: w.id, curve: w.curve, publicKey: key.ok ? key.hex : w.publicKey };
    }),
    addresses: clientAddresses(client),
    sharePairIds,
  };
}

/** Whether two reads of a client show the same wallets, keys and addresses. */
export function sameWallets(before: Client, after: Client): boolean {
  const keyed = (c: Client) =>
    JSON.stringify({
      wallets: c.wallets.map((w) => [w.id, w.curve, w.publicKey]).sort(),
      addresses: clientAddresses(c).map((a) => [a.label, a.address]),
    });
  return keyed(before) === keyed(after);
}
