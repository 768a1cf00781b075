/**
 * An in-memory ClientDirectory for tests of the MPC service (the administration state implements the
 * real one). It records what the MPC service reports exactly as the seam describes.
 */
import { randomBytes } from "node:crypto";
import { newId } from "@/sandbox/mpc/ids";
import type {
  BackupSharePairRecord,
  ClientDirectory,
  ClientRecord,
  Curve,
  GeneratedWallet,
  NamespaceAddresses,
} from "@/sandbox/types";

export class FakeDirectory implements ClientDirectory {
  readonly clients = new Map<string, ClientRecord>();
  private readonly bearers = new Map<string, string>();

  /** A new client with an API key and a session token, both valid bearers. */
  addClient(): { client: ClientRecord; apiKey: string; sessionToken: string } {
    const client: ClientRecord = {
      id: newId(),
      createdAt: new Date().toISOString(),
      isAccountAbstracted: false,
      ejectedAt: null,
      namespaces: {},
      wallets: [],
    };
    const apiKey = randomBytes(16).toString("hex");
    const sessionToken = randomBytes(16).toString("hex");
    this.clients.set(client.id, client);
    this.bearers.set(apiKey, client.id);
    this.bearers.set(sessionToken, client.id);
    return { client, apiKey, sessionToken };
  }

  resolveClientBearer(token: string): ClientRecord | undefined {
    const id = this.bearers.get(token);
    return id === undefined ? undefined : this.clients.get(id);
  }

  get(clientId: string): ClientRecord | undefined {
    return this.clients.get(clientId);
  }

  recordWallets(clientId: string, wallets: GeneratedWallet[], namespaces: NamespaceAddresses): void {
    const client = this.required(clientId);
    client.wallets = wallets.map((w) => {
      const previous = client.wallets.find((p) => p.id === w.id);
      return {
        id: w.id,
        createdAt: previous?.createdAt ?? w.signingSharePair.createdAt,
        curve: w.curve,
        publicKey: w.publicKey,
        ejectableUntil: previous?.ejectableUntil ?? null,
        backupSharePairs: previous?.backupSharePairs ?? [],
        signingSharePairs: [...(previous?.signingSharePairs ?? []), w.signingSharePair],
      };
    });
    client.namespaces = namespaces;
  }

  recordBackup(clientId: string, curve: Curve, pair: BackupSharePairRecord): void {
    const wallet = this.required(clientId).wallets.find((w) => w.curve === curve);
    if (!wallet) throw new Error(`Client ${clientId} has no ${curve} wallet`);
    wallet.backupSharePairs.push(pair);
  }

  private required(clientId: string): ClientRecord {
    const client = this.clients.get(clientId);
    if (!client) throw new Error(`Unknown client ${clientId}`);
    return client;
  }
}
