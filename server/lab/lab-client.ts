import "server-only";
import type { CurveShares, Client } from "@/lib/contracts";
import type { TestClient } from "@/lib/lab/test-clients";
import { getClient } from "@/server/clients/reads";
import { getDb, type Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { loadShares, requireTestClient, testClientCredential } from "@/server/lab/test-clients";
import { createMpcClient, type MpcClient } from "@/server/upstream";

/** A test client the lab acts for: its record as the upstream shows it, and the MPC service as that client. */
export interface LabClient {
  db: Db;
  testClient: TestClient;
  client: Client;
  mpc: MpcClient;
}

/** Refuses any client the console did not create as a test client (it holds no key to act for it). */
export async function labClient(clientId: string): Promise<LabClient> {
  const db = await getDb();
  const testClient = await requireTestClient(db, clientId);
  const credential = await testClientCredential(db, clientId);
  const client = await getClient(clientId);
  return { db, testClient, client, mpc: createMpcClient(credential) };
}

/** The signing shares from the vault, or a refusal saying to generate the wallet first. Server code only. */
export async function signingShares(db: Db, clientId: string): Promise<CurveShares> {
  const shares = await loadShares(db, clientId, "signing");
  if (!shares)
    throw new AppError(
      "CONFLICT",
      "The console holds no signing shares for this client yet: generate its wallet first.",
    );
  return shares;
}
