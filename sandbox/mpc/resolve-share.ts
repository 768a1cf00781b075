/**
 * From a share string to the key it unlocks, with every check the real service makes before signing:
 * the blob parses, it belongs to the calling client, the pair exists and is current, the curve is the
 * one the operation needs, and the joined key matches the wallet's public key (so a tampered share
 * fails here rather than producing a signature for some other key).
 */
import type { Curve } from "../types";
import { MpcError } from "./errors";
import { combine, publicKeyJson } from "./key-shares";
import type { KeyStore, WalletKeys } from "./key-store";
import { decodeShare } from "./share-blob";

export interface UnlockedKey {
  wallet: WalletKeys;
  secret: Uint8Array;
}

function parse(share: string, clientId: string, curve: Curve | undefined) {
  const blob = decodeShare(share);
  if (!blob) throw new MpcError("SHARE_PARSING_FAILED", "The share is not a share issued by this service");
  if (blob.clientId !== clientId) throw new MpcError("SIGN_SHARE_MISMATCH", "The share belongs to another client");
  if (curve && blob.curve !== curve)
    throw new MpcError("SIGN_SHARE_MISMATCH", `This operation takes a ${curve} share; a ${blob.curve} share was sent`);
  return blob;
}

function unlock(wallet: WalletKeys, clientShare: bigint, serverShare: string): Uint8Array {
  const secret = combine(wallet.curve, clientShare, BigInt(serverShare));
  const expected = wallet.publicKey;
  const actual = secret && publicKeyJson(wallet.curve, secret);
  if (!secret || actual?.X !== expected.X || actual.Y !== expected.Y)
    throw new MpcError("SIGN_SHARE_MISMATCH", "The share does not match the wallet's key share held by the service");
  return secret;
}

export function unlockSigningShare(store: KeyStore, clientId: string, share: string, curve?: Curve): UnlockedKey {
  const blob = parse(share, clientId, curve);
  const wallet = store.wallet(blob.walletId);
  const pair = wallet?.clientId === clientId ? wallet.signing.find((p) => p.id === blob.signingSharePairId) : undefined;
  if (!wallet || !pair)
    throw new MpcError("SIGN_SHARE_MISMATCH", "The share is not a signing share of this client's wallets");
  if (!pair.active)
    throw new MpcError(
      "SIGN_SHARE_MISMATCH",
      "The share was replaced by a recovery; sign with the shares /v1/recover returned",
    );
  return { wallet, secret: unlock(wallet, blob.value, pair.serverShare) };
}

export function unlockBackupShare(
  store: KeyStore,
  clientId: string,
  share: string,
  curve: Curve,
): UnlockedKey & { backupSharePairId: string } {
  const blob = parse(share, clientId, curve);
  const found = store.findBackupPair(blob.backupSharePairId);
  if (!found || found.wallet.clientId !== clientId || found.wallet.id !== blob.walletId)
    throw new MpcError("SIGN_SHARE_MISMATCH", "The share is not a backup share of this client's wallets");
  return {
    wallet: found.wallet,
    secret: unlock(found.wallet, blob.value, found.pair.custodianShare),
    backupSharePairId: found.pair.id,
  };
}

/** The signing-share pair id inside a share string (generate's `id`), to check a generate response is consistent. */
export function pairIdsOf(share: string): { signing: string; backup: string } | undefined {
  const blob = decodeShare(share);
  return blob && { signing: blob.signingSharePairId, backup: blob.backupSharePairId };
}
