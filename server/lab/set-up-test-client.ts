import "server-only";
import type { SetUpTestClientResult } from "@/lib/lab/test-clients";
import { getEnv } from "@/server/env";
import { AppError, isAppError } from "@/server/errors";
import { generateWallet } from "@/server/lab/generate";
import { createTestClientFor } from "./create-test-client";

/**
 * A developer's first test client in one step: created and kept (key in the vault), its wallets
 * generated (signing shares in the vault). The sandbox's faucet funds every wallet it generates on
 * every chain it runs; a real upstream has no faucet, so the result says what to fund.
 */
export async function setUpTestClient(
  by: { id: string; email: string },
  input: { isAccountAbstracted: boolean },
  requestId: string,
): Promise<SetUpTestClientResult> {
  const client = await createTestClientFor(by, input, requestId);
  let addresses;
  try {
    addresses = (await generateWallet(client.clientId)).addresses;
  } catch (error) {
    const why = isAppError(error) ? error.userMessage : "the MPC service did not answer";
    throw new AppError(
      "UPSTREAM",
      `Test client ${client.clientId} was created, but its wallets could not be generated (${why}). Generate them from its wallet lab.`,
    );
  }
  const evm =
    addresses.find((a) => a.namespace === "eip155" && a.role === "smart-account") ??
    addresses.find((a) => a.namespace === "eip155" && a.role !== "owner");
  return {
    clientId: client.clientId,
    isAccountAbstracted: client.isAccountAbstracted,
    evmAddress: evm?.address ?? null,
    funded: getEnv().upstreamMode === "sandbox",
  };
}
