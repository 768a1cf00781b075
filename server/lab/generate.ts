import "server-only";
import type { LabWalletState } from "@/lib/lab/results";
import { getClient } from "@/server/clients/reads";
import { AppError, conflict } from "@/server/errors";
import { storeShares } from "@/server/lab/test-clients";
import { logger } from "@/server/log";
import { labClient } from "./lab-client";
import { walletState } from "./wallet-state";

/**
 * Generates the client's wallets (both curves) and keeps the signing shares in the vault. A client
 * has one wallet per curve: a second generate would strand the first key's funds, so new signing
 * shares come from recovery instead.
 */
export async function generateWallet(clientId: string): Promise<LabWalletState> {
  const { db, testClient, client, mpc } = await labClient(clientId);
  if (testClient.hasShares || client.wallets.length > 0)
    throw conflict(
      `Client ${clientId} already has its wallets. New signing shares come from a recovery (back up first), which keeps the same addresses.`,
    );
  const shares = await mpc.generate();
  try {
    await storeShares(db, clientId, "signing", shares);
  } catch (error) {
    logger.error({ err: error, clientId }, "generated signing shares could not be kept");
    throw new AppError(
      "INTERNAL",
      `The wallets of ${clientId} were generated, but the console could not keep their signing shares, so it cannot sign for them. Create another test client.`,
    );
  }
  return walletState(await getClient(clientId), shares);
}
