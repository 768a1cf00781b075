import "server-only";
import type { SignMessageInput } from "@/lib/lab/forms";
import type { SignMessageResult } from "@/lib/lab/results";
import { evmAccount, evmSigner } from "@/lib/lab/signer";
import { readTypedData } from "@/lib/lab/typed-data";
import { conflict } from "@/server/errors";
import { personalSign, signTypedData } from "./evm-sign";
import { labClient, signingShares } from "./lab-client";
import { recoverPersonalSigner, recoverTypedDataSigner, sameAddress } from "./verify";

/**
 * Signs a message (personal_sign) or typed data (eth_signTypedData_v4) with the client's SECP256K1
 * share on a chain, then recovers the signer from the signature here and sets it beside the
 * expected one: the client's address, or for an account-abstracted client the key owning its account.
 */
export async function signMessage(input: SignMessageInput): Promise<SignMessageResult> {
  const { db, client, mpc } = await labClient(input.clientId);
  const shares = await signingShares(db, input.clientId);
  const expected = evmSigner(client);
  const address = evmAccount(client);
  if (!expected || !address) throw conflict("The client's record shows no EVM wallet yet: generate it first.");
  const signing = { mpc, share: shares.SECP256K1.share, chainId: input.chainId, address };

  let signature: string;
  let recovered: string | undefined;
  if (input.method === "personal_sign") {
    signature = await personalSign(signing, input.message);
    recovered = await recoverPersonalSigner(input.message, signature);
  } else {
    const read = readTypedData(input.typedData, input.chainId);
    if (!read.ok) throw conflict(read.reason);
    signature = await signTypedData(signing, input.typedData);
    recovered = await recoverTypedDataSigner(read.value, signature);
  }
  return {
    method: input.method,
    chainId: input.chainId,
    signature,
    expected,
    recovered: recovered ?? "no address (the signature could not be read)",
    matches: sameAddress(recovered, expected.address),
  };
}
