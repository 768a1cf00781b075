import "server-only";
import type { RecoverResult } from "@/lib/lab/results";
import { getClient } from "@/server/clients/reads";
import { AppError } from "@/server/errors";
import { toAppError } from "@/server/kit/to-app-error";
import { loadShares, storeShares } from "@/server/lab/test-clients";
import { logger } from "@/server/log";
import { labClient } from "./lab-client";
import { proveRecovered } from "./recovery-proof";
import { sameWallets, walletState } from "./wallet-state";

/**
 * Recovers new signing shares from the stored backup and puts them in place of the old ones (which
 * the service retires), then proves they sign for the same addresses. A proof that cannot run does
 * not undo the recovery: the new shares are kept and the result says the proof is missing.
 */
export async function recoverWallet(clientId: string): Promise<RecoverResult> {
  const { db, client: before, mpc } = await labClient(clientId);
  const backup = await loadShares(db, clientId, "backup");
  if (!backup)
    throw new AppError("CONFLICT", "The console holds no backup of this wallet: back it up first, then recover.");
  const recovered = await mpc.recover({ backupResponse: JSON.stringify(backup) });
  try {
    await storeShares(db, clientId, "signing", recovered);
  } catch (error) {
    logger.error({ err: error, clientId }, "recovered signing shares could not be kept");
    throw new AppError(
      "INTERNAL",
      "The wallet was recovered, but the console could not keep the new signing shares. Recover again from the same backup.",
    );
  }
  const after = await getClient(clientId);
  const state = { ...walletState(after, recovered), sameWallets: sameWallets(before, after) };
  try {
    return { ...state, checks: await proveRecovered(mpc, before, recovered) };
  } catch (error) {
    const appError = toAppError(error);
    logger.warn({ err: error, clientId }, "recovery proof could not run");
    return { ...state, checks: [], proofError: appError.userMessage };
  }
}
