/**
 * The custodian and environment the sandbox plays, and the client record as the API returns it.
 */
import type { Client } from "@/lib/contracts";
import type { ClientRecord } from "../types";

export interface CustodianProfile {
  custodian: { id: string; name: string };
  environment: { id: string; name: string; backupWithPortalEnabled: boolean };
}

export function clientView(record: ClientRecord, profile: CustodianProfile): Client {
  return {
    id: record.id,
    createdAt: record.createdAt,
    custodian: profile.custodian,
    environment: profile.environment,
    ejectedAt: record.ejectedAt,
    isAccountAbstracted: record.isAccountAbstracted,
    metadata: { namespaces: { ...record.namespaces } },
    wallets: record.wallets.map((w) => ({
      id: w.id,
      createdAt: w.createdAt,
      curve: w.curve,
      publicKey: w.publicKey,
      ejectableUntil: w.ejectableUntil,
      backupSharePairs: w.backupSharePairs.map((p) => ({ ...p })),
      signingSharePairs: w.signingSharePairs.map((p) => ({ ...p })),
    })),
  };
}
