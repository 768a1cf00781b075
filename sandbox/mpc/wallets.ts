/**
 * Wallet lifecycle: generate, back up, recover. Every operation of one client runs under that client's
 * lock, so two concurrent generates cannot both create wallets, and a recovery cannot interleave with a
 * backup of the same wallet.
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { type Address, hexToBytes } from "viem";
import type { CurveShares } from "@/lib/contracts/mpc";
import { smartAccountAddress } from "../aa";
import { KeyedLock } from "../chain/lock";
import { namespaceAddresses } from "../state/addresses";
import { witnessSecret } from "../state/secret-witness";
import type { ChainRegistry, ClientDirectory, Curve, GeneratedWallet, NamespaceAddresses } from "../types";
import { MpcError } from "./errors";
import { newId } from "./ids";
import { type ShareValue, newSecret, partialPublicKey, publicKeyJson, split } from "./key-shares";
import type { KeyStore, WalletKeys } from "./key-store";
import { pairIdsOf, unlockBackupShare, unlockSigningShare } from "./resolve-share";
import { encodeShare } from "./share-blob";

export const CURVES: readonly Curve[] = ["SECP256K1", "ED25519"];

export interface WalletDeps {
  store: KeyStore;
  directory: ClientDirectory;
  chains: ChainRegistry;
  log: (message: string) => void;
}

const clientLocks = new KeyedLock();

function shareFor(
  wallet: WalletKeys,
  kind: "signing" | "backup",
  pairId: string,
  client: ShareValue,
  server: ShareValue,
): string {
  witnessSecret("share-value", client.toString(10));
  const share = encodeShare({
    clientId: wallet.clientId,
    walletId: wallet.id,
    curve: wallet.curve,
    kind,
    pairId,
    share: client,
    pubkey: wallet.publicKey,
    ...(wallet.curve === "SECP256K1"
      ? { partialPubkey: { client: partialPublicKey(client), server: partialPublicKey(server) } }
      : {}),
  });
  witnessSecret("share", share);
  return share;
}

/** Addresses of a client's two wallets, from the public keys alone. */
export function namespacesOf(wallets: WalletKeys[]): NamespaceAddresses {
  const secp = wallets.find((w) => w.curve === "SECP256K1");
  const ed = wallets.find((w) => w.curve === "ED25519");
  if (!secp?.publicKey.Y || !ed) throw new MpcError("ADDRESS_CALC_FAILED", "The client does not have both wallets");
  const point = secp256k1.Point.fromAffine({ x: BigInt(secp.publicKey.X), y: BigInt(secp.publicKey.Y) });
  return namespaceAddresses({
    secp256k1Uncompressed: point.toBytes(false),
    secp256k1Compressed: point.toBytes(true),
    ed25519: hexToBytes(`0x${ed.publicKey.X}`),
  });
}

/**
 * The addresses recorded for a client: an account-abstracted client's EVM address is its smart
 * account (ERC-4337, owned by the SECP256K1 key), which holds its funds and sends its transactions.
 */
async function recordedNamespaces(
  deps: WalletDeps,
  clientId: string,
  wallets: WalletKeys[],
): Promise<NamespaceAddresses> {
  const namespaces = namespacesOf(wallets);
  if (deps.directory.get(clientId)?.isAccountAbstracted && namespaces.eip155)
    namespaces.eip155 = {
      ...namespaces.eip155,
      address: await smartAccountAddress(namespaces.eip155.address as Address),
    };
  return namespaces;
}

function generatedRecord(wallet: WalletKeys): GeneratedWallet {
  const pair = wallet.signing.at(-1);
  if (!pair) throw new Error(`Wallet ${wallet.id} has no signing pair`);
  return {
    id: wallet.id,
    curve: wallet.curve,
    publicKey: JSON.stringify(wallet.publicKey),
    // The real API reads "incomplete" until the client confirms it stored its share through a client
    // route the spec does not include; the sandbox has no way to confirm, so it records completed.
    signingSharePair: { id: pair.id, createdAt: pair.createdAt, status: "completed" },
  };
}

export function generateWallets(deps: WalletDeps, clientId: string): Promise<CurveShares> {
  return clientLocks.run(clientId, async () => {
    if (deps.store.walletsOf(clientId).length > 0)
      throw new MpcError(
        "STATE_INVALID",
        "The client already has a wallet; use /v1/recover with its backup shares to get new signing shares",
      );
    const createdAt = new Date().toISOString();
    const wallets: WalletKeys[] = [];
    const response: Partial<CurveShares> = {};
    for (const curve of CURVES) {
      const secret = newSecret(curve);
      const [client, server] = split(curve, secret);
      const pairId = newId();
      const wallet: WalletKeys = {
        id: newId(),
        clientId,
        curve,
        createdAt,
        publicKey: publicKeyJson(curve, secret),
        signing: [{ id: pairId, createdAt, serverShare: server.toString(10), active: true }],
        backups: [],
      };
      wallets.push(wallet);
      response[curve] = { share: shareFor(wallet, "signing", pairId, client, server), id: pairId };
    }
    const namespaces = await recordedNamespaces(deps, clientId, wallets);
    deps.store.addWallets(wallets);
    deps.directory.recordWallets(clientId, wallets.map(generatedRecord), namespaces);
    const evm = namespaces.eip155?.address as `0x${string}`;
    // The faucet is a courtesy of the sandbox: a wallet whose funding failed is still a valid wallet.
    await deps.chains.fund(evm).catch((e: unknown) => deps.log(`faucet could not fund ${evm}: ${String(e)}`));
    return response as CurveShares;
  });
}

export function backupWallets(deps: WalletDeps, clientId: string, generateResponse: CurveShares): Promise<CurveShares> {
  return clientLocks.run(clientId, async () => {
    const createdAt = new Date().toISOString();
    const pairs: { walletId: string; curve: Curve; pair: Parameters<KeyStore["addBackupPairs"]>[0][number]["pair"] }[] =
      [];
    const response: Partial<CurveShares> = {};
    for (const curve of CURVES) {
      const entry = generateResponse[curve];
      const key = unlockSigningShare(deps.store, clientId, entry.share, curve);
      if (pairIdsOf(entry.share)?.signing !== entry.id)
        throw new MpcError("BAD_REQUEST", `generateResponse.${curve}.id is not the signing share pair id of its share`);
      const [client, custodian] = split(curve, key.secret);
      const pairId = newId();
      pairs.push({
        walletId: key.wallet.id,
        curve,
        pair: {
          id: pairId,
          createdAt,
          backupMethod: "UNKNOWN",
          custodianShare: custodian.toString(10),
          ssid: newId(),
          encryptedClientBackupShare: null,
        },
      });
      response[curve] = { share: shareFor(key.wallet, "backup", pairId, client, custodian), id: pairId };
    }
    deps.store.addBackupPairs(pairs);
    for (const { curve, pair } of pairs)
      deps.directory.recordBackup(clientId, curve, {
        id: pair.id,
        createdAt,
        status: "completed",
        backupMethod: pair.backupMethod,
      });
    return response as CurveShares;
  });
}

export function recoverWallets(deps: WalletDeps, clientId: string, backupResponse: CurveShares): Promise<CurveShares> {
  return clientLocks.run(clientId, async () => {
    const createdAt = new Date().toISOString();
    const pairs: { walletId: string; pair: WalletKeys["signing"][number] }[] = [];
    const response: Partial<CurveShares> = {};
    for (const curve of CURVES) {
      const entry = backupResponse[curve];
      const key = unlockBackupShare(deps.store, clientId, entry.share, curve);
      if (key.backupSharePairId !== entry.id)
        throw new MpcError("BAD_REQUEST", `backupResponse.${curve}.id is not the backup share pair id of its share`);
      const [client, server] = split(curve, key.secret);
      const pairId = newId();
      pairs.push({
        walletId: key.wallet.id,
        pair: { id: pairId, createdAt, serverShare: server.toString(10), active: true },
      });
      response[curve] = { share: shareFor(key.wallet, "signing", pairId, client, server), id: pairId };
    }
    deps.store.replaceSigningPairs(pairs);
    const wallets = deps.store.walletsOf(clientId);
    deps.directory.recordWallets(
      clientId,
      wallets.map(generatedRecord),
      await recordedNamespaces(deps, clientId, wallets),
    );
    return response as CurveShares;
  });
}
