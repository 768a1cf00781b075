import "server-only";
import type { LabWalletState } from "@/lib/lab/results";
import { storeShares } from "@/server/lab/test-clients";
import { labClient, signingShares } from "./lab-client";
import { walletState } from "./wallet-state";

/** Backs up the current signing shares (the generate response's shape) and keeps the backup shares in the vault. */
export async function backupWallet(clientId: string): Promise<LabWalletState> {
  const { db, client, mpc } = await labClient(clientId);
  const signing = await signingShares(db, clientId);
  const backup = await mpc.backup({ generateResponse: JSON.stringify(signing) });
  await storeShares(db, clientId, "backup", backup);
  return walletState(client, backup);
}
