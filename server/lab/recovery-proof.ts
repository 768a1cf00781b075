import "server-only";
import { keccak256, toBytes } from "viem";
import { displayPublicKey } from "@/lib/clients/public-key";
import type { Client, CurveShares } from "@/lib/contracts";
import { DEFAULT_LAB_CHAIN } from "@/lib/lab/chains";
import type { LabCheck } from "@/lib/lab/results";
import { evmAccount, evmSigner } from "@/lib/lab/signer";
import type { MpcClient } from "@/server/upstream";
import { personalSign } from "./evm-sign";
import { recoverPersonalSigner, sameAddress, verifyEd25519 } from "./verify";

/** What the recovered shares sign to prove they are the same keys: fixed, so a proof can be repeated. */
export const RECOVERY_MESSAGE = "Custodian Console wallet lab: the recovered shares sign for the same addresses.";
export const RECOVERY_DIGEST = keccak256(toBytes(RECOVERY_MESSAGE)).slice(2);

/**
 * Signs with the recovered shares and checks the signatures against the wallets as they were before
 * recovery: the SECP256K1 signature of a fixed message must recover to the client's EVM key address,
 * and an ED25519 raw signature of a fixed digest must verify under the Ed25519 public key.
 */
export async function proveRecovered(mpc: MpcClient, before: Client, shares: CurveShares): Promise<LabCheck[]> {
  const signer = evmSigner(before);
  const account = evmAccount(before);
  const edWallet = before.wallets.find((w) => w.curve === "ED25519");
  const edKey = edWallet ? displayPublicKey(edWallet.curve, edWallet.publicKey) : undefined;
  const [evmSignature, edSignature] = await Promise.all([
    signer && account
      ? personalSign(
          { mpc, share: shares.SECP256K1.share, chainId: DEFAULT_LAB_CHAIN, address: account },
          RECOVERY_MESSAGE,
        )
      : undefined,
    mpc.rawSign("ED25519", { params: RECOVERY_DIGEST, share: shares.ED25519.share }).then((r) => r.data),
  ]);
  const checks: LabCheck[] = [];
  if (signer && evmSignature) {
    const recovered = await recoverPersonalSigner(RECOVERY_MESSAGE, evmSignature);
    checks.push({
      label: signer.role === "owner-key" ? "EVM owner key address" : "EVM key address",
      expected: signer.address,
      actual: recovered ?? "no address (the signature could not be read)",
      ok: sameAddress(recovered, signer.address),
      how: `personal_sign of “${RECOVERY_MESSAGE}” with the recovered SECP256K1 share; the signer recovered with viem and compared with the address from before recovery.`,
    });
  }
  const valid = edKey?.ok ? verifyEd25519(RECOVERY_DIGEST, edSignature, edKey.hex) : false;
  checks.push({
    label: "Ed25519 public key",
    expected: edKey?.ok ? edKey.hex : "no Ed25519 wallet in the record",
    actual: valid ? "the signature verifies under it" : "the signature does not verify under it",
    ok: valid,
    how: `Raw ED25519 signature of the digest ${RECOVERY_DIGEST} with the recovered share, verified with @noble/curves against the wallet's public key from before recovery.`,
  });
  return checks;
}
