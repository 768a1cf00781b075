import type { Client } from "@/lib/contracts";
import { getDb, tables } from "@/server/db";
import { registerTestClient } from "@/server/lab/test-clients";
import { getAdminClient } from "@/server/upstream";

/**
 * A seeded sandbox client with an EVM address, made a test client of this console as if registered at
 * `registeredAt` (the events it should own cannot precede its registration). Uses the test database
 * (setDbForTests) and the upstream the harness started.
 */
export async function seededTestClient(registeredAt: Date, by: { id: string; email: string }): Promise<Client> {
  const client = (await getAdminClient().clients.list()).results.find((c) => c.metadata.namespaces.eip155?.address);
  if (!client) throw new Error("no seeded client with an EVM address");
  const db = await getDb();
  await registerTestClient(db, {
    clientId: client.id,
    isAccountAbstracted: client.isAccountAbstracted,
    clientApiKey: "not-a-real-key",
    by,
  });
  await db.update(tables.testClients).set({ createdAt: registeredAt });
  return client;
}
