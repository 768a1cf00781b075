import "server-only";
import { displayPublicKey } from "@/lib/clients/public-key";
import type { RawSignInput } from "@/lib/lab/forms";
import type { LabCheck, RawSignResult } from "@/lib/lab/results";
import { conflict } from "@/server/errors";
import { labClient, signingShares } from "./lab-client";
import { recoverSecp256k1Key, verifyEd25519 } from "./verify";

/**
 * Signs a 32-byte digest with one curve's share (/v1/raw/sign/{curve}) and checks the signature
 * here: SECP256K1 by recovering the public key from r ‖ s ‖ v, ED25519 by verifying it under the key.
 */
export async function rawSign(input: RawSignInput): Promise<RawSignResult> {
  const { db, client, mpc } = await labClient(input.clientId);
  const shares = await signingShares(db, input.clientId);
  const wallet = client.wallets.find((w) => w.curve === input.curve);
  const key = wallet ? displayPublicKey(wallet.curve, wallet.publicKey) : undefined;
  if (!key?.ok) throw conflict(`The client's record shows no readable ${input.curve} public key to check against.`);
  const digest = input.digest.toLowerCase();
  const { data: signature } = await mpc.rawSign(input.curve, { params: digest, share: shares[input.curve].share });

  let check: LabCheck;
  if (input.curve === "SECP256K1") {
    const recovered = recoverSecp256k1Key(digest, signature);
    check = {
      label: "Public key recovered from the signature",
      expected: key.hex,
      actual: recovered ?? "none (the signature is not 65 bytes r ‖ s ‖ v over this digest)",
      ok: recovered === key.hex,
      how: "Recovered from r ‖ s ‖ v over the digest as given (no hashing) with @noble/curves, compared with the wallet's SECP256K1 public key (compressed).",
    };
  } else {
    const valid = verifyEd25519(digest, signature, key.hex);
    check = {
      label: "Ed25519 verification",
      expected: key.hex,
      actual: valid ? "the signature verifies under this key" : "the signature does not verify under this key",
      ok: valid,
      how: "Verified with @noble/curves over the digest's 32 bytes against the wallet's Ed25519 public key.",
    };
  }
  return { curve: input.curve, digest, signature, check };
}
