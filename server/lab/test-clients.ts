import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { curveSharesSchema, type CurveShares } from "@/lib/contracts";
import type { TestClient } from "@/lib/lab/test-clients";
import { tables, type Db } from "@/server/db";
import { keptRead } from "@/server/db/kept-reads";
import { AppError } from "@/server/errors";
import { vaultGetText, vaultPut } from "@/server/vault";

/**
 * Test clients: clients the console created for developers to act for. Their client API key and
 * wallet shares live in the vault (server/vault), never in a result, a log line or an error; the
 * functions that hand them out are for server code that calls the upstream with them.
 */
const apiKeyAt = (clientId: string) => ({ purpose: "client-api-key", subject: clientId });
/** "signing": the signing shares (generate or recover); "backup": the backup response. */
export type ShareKind = "signing" | "backup";
const sharesAt = (clientId: string, kind: ShareKind) => ({ purpose: `wallet-shares:${kind}`, subject: clientId });

const view = (row: typeof tables.testClients.$inferSelect): TestClient => ({
  clientId: row.clientId,
  isAccountAbstracted: row.isAccountAbstracted,
  hasShares: row.hasShares,
  createdByEmail: row.createdByEmail,
  createdAt: row.createdAt.toISOString(),
});

export async function registerTestClient(
  db: Db,
  input: { clientId: string; isAccountAbstracted: boolean; clientApiKey: string; by: { id: string; email: string } },
): Promise<TestClient> {
  return db.transaction(async (tx) => {
    await vaultPut(tx as unknown as Db, apiKeyAt(input.clientId), input.clientApiKey);
    const [row] = await tx
      .insert(tables.testClients)
      .values({
        clientId: input.clientId,
        isAccountAbstracted: input.isAccountAbstracted,
        createdById: input.by.id,
        createdByEmail: input.by.email,
      })
      .returning();
    if (!row) throw new Error("test client insert returned no row");
    return view(row);
  });
}

export async function getTestClient(db: Db, clientId: string): Promise<TestClient | undefined> {
  const [row] = await db.select().from(tables.testClients).where(eq(tables.testClients.clientId, clientId)).limit(1);
  return row ? view(row) : undefined;
}

/** getTestClient as the client page asks it: kept between writes to the table (server/db/kept-reads.ts). */
export async function shownTestClient(clientId: string): Promise<TestClient | undefined> {
  const client = await keptRead(["test_clients"], `test client ${clientId}`, async (db) => ({
    value: (await getTestClient(db, clientId)) ?? null,
  }));
  return client ?? undefined;
}

/** The console's test clients, newest first; kept between writes to the table (server/db/kept-reads.ts). */
export function listTestClients(): Promise<TestClient[]> {
  return keptRead(["test_clients"], "test clients", async (db) => {
    const rows = await db.select().from(tables.testClients).orderBy(desc(tables.testClients.createdAt)).limit(500);
    return { value: rows.map(view) };
  });
}

/**
 * Which of these clients are test clients, for marking them in lists; kept between writes to the table
 * (server/db/kept-reads.ts).
 */
export async function testClientIds(clientIds: string[]): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const t = tables.testClients;
  return keptRead(["test_clients"], `test clients among ${[...clientIds].sort().join(" ")}`, async (db) => ({
    value: new Set(
      (await db.select({ id: t.clientId }).from(t).where(inArray(t.clientId, clientIds))).map((r) => r.id),
    ),
  }));
}

export const notATestClient = (clientId: string) =>
  new AppError(
    "FORBIDDEN",
    `Client ${clientId} was not created as a test client in this console, so the console holds no key or shares to act for it: its wallet and yield pages are read-only.`,
  );

/** The test client, or a refusal saying why nothing can be done for this client. */
export async function requireTestClient(db: Db, clientId: string): Promise<TestClient> {
  const client = await getTestClient(db, clientId);
  if (!client) throw notATestClient(clientId);
  return client;
}

/** The credential to call the MPC and yield services as this test client. Server code only. */
export async function testClientCredential(db: Db, clientId: string): Promise<{ clientApiKey: string }> {
  await requireTestClient(db, clientId);
  const clientApiKey = await vaultGetText(db, apiKeyAt(clientId));
  if (!clientApiKey) throw new AppError("CONFLICT", `The vault holds no API key for test client ${clientId}.`);
  return { clientApiKey };
}

/** Keeps a wallet's shares (generate/recover: signing; backup: backup) in the vault. */
export async function storeShares(db: Db, clientId: string, kind: ShareKind, shares: CurveShares): Promise<void> {
  await db.transaction(async (tx) => {
    await vaultPut(tx as unknown as Db, sharesAt(clientId, kind), JSON.stringify(shares));
    if (kind === "signing")
      await tx
        .update(tables.testClients)
        .set({ hasShares: true, updatedAt: sql`now()` })
        .where(eq(tables.testClients.clientId, clientId));
  });
}

/** The shares of a test client's wallet, or undefined when none were generated yet. Server code only. */
export async function loadShares(db: Db, clientId: string, kind: ShareKind): Promise<CurveShares | undefined> {
  const text = await vaultGetText(db, sharesAt(clientId, kind));
  return text === undefined ? undefined : curveSharesSchema.parse(JSON.parse(text));
}

/** Whether the vault holds shares of this kind for the client, without opening them. */
export async function hasStoredShares(db: Db, clientId: string, kind: ShareKind): Promise<boolean> {
  const at = sharesAt(clientId, kind);
  const rows = await db
    .select({ id: tables.vaultRecords.id })
    .from(tables.vaultRecords)
    .where(and(eq(tables.vaultRecords.purpose, at.purpose), eq(tables.vaultRecords.subject, at.subject)))
    .limit(1);
  return rows.length > 0;
}
