import "server-only";
import { cache } from "react";
import { clientAddresses } from "@/lib/clients/derive-addresses";
import type { Client } from "@/lib/contracts";
import type { TestClient } from "@/lib/lab/test-clients";
import { getDb, type Db } from "@/server/db";
import { listTestClients, testClientCredential } from "@/server/lab/test-clients";
import { logger } from "@/server/log";
import { getAdminClient } from "@/server/upstream";

/**
 * A client record with wallets is kept this long in the process: its addresses do not change (a second
 * generate is refused, a recovery keeps the same addresses), so each test client's record is read about
 * once a day per process, not on every page.
 */
const WITH_WALLETS_MS = 24 * 3_600_000;
/** One without an EVM address yet (wallets not generated): asked again after this long. */
const WITHOUT_WALLETS_MS = 20_000;
/** Clock skew allowed between the upstream's event times and the console's registration time. */
const SKEW_MS = 10 * 60_000;
const READS_AT_ONCE = 4;

const kept = new Map<string, { at: number; keepMs: number; addresses: Promise<string[]> }>();

/**
 * The EVM addresses of every test client as of now (each client's record read from the upstream at
 * background priority and kept in the process: every address its page shows, the owner key of an
 * account-abstracted client included), and the earliest instant an event of theirs can carry: a test
 * client's wallets are generated after the console registered it, so no transaction of its addresses
 * precedes its registration (less a margin for clocks). `unread`: test clients whose record could not be
 * read now; their events cannot be told apart, so every event after `since` is unclassified then.
 */
export const testClientAddresses = cache(readTestClientAddresses);

async function readTestClientAddresses(): Promise<{ addresses: Set<string>; since: number | null; unread: number }> {
  const db = await getDb();
  const clients = await genuine(db, await listTestClients());
  if (clients.length === 0) return { addresses: new Set(), since: null, unread: 0 };
  const since = Math.min(...clients.map((c) => Date.parse(c.createdAt))) - SKEW_MS;
  const addresses = new Set<string>();
  let unread = 0;
  for (let i = 0; i < clients.length; i += READS_AT_ONCE)
    await Promise.all(
      clients.slice(i, i + READS_AT_ONCE).map(async ({ clientId }) => {
        try {
          for (const address of await addressesOf(clientId)) addresses.add(address);
        } catch {
          unread++;
        }
      }),
    );
  return { addresses, since, unread };
}

/** Test clients whose API key the vault opens, by client id (a verdict never changes: kept in the process). */
const opened = new Map<string, boolean>();

/**
 * The test clients the console itself registered: their API key is in the vault, sealed for that client
 * (server/vault/envelope.ts binds the client id), which a database writer without the vault key cannot
 * write. A row added to test_clients by such a writer (a real client made to look like a test client, so
 * its failures drop out of the summary figures) is ignored, and said in the log.
 */
async function genuine(db: Db, clients: readonly TestClient[]): Promise<TestClient[]> {
  const out: TestClient[] = [];
  for (const client of clients) {
    let ok = opened.get(client.clientId);
    if (ok === undefined) {
      ok = await testClientCredential(db, client.clientId).then(
        () => true,
        () => false,
      );
      opened.set(client.clientId, ok);
      if (!ok) logger.warn({ clientId: client.clientId }, "a test client without its vault key is not counted as one");
    }
    if (ok) out.push(client);
  }
  return out;
}

function addressesOf(clientId: string): Promise<string[]> {
  const now = Date.now();
  const hit = kept.get(clientId);
  if (hit && now - hit.at < hit.keepMs) return hit.addresses;
  const entry = {
    at: now,
    keepMs: WITHOUT_WALLETS_MS,
    addresses: getAdminClient()
      .clients.retrieve(clientId, { priority: "background" })
      .then((client: Client) => evmAddresses(client)),
  };
  entry.addresses.then(
    (found) => {
      if (found.length > 0) entry.keepMs = WITH_WALLETS_MS;
    },
    () => kept.delete(clientId),
  );
  kept.set(clientId, entry);
  return entry.addresses;
}

/** Every EVM address of the client (its account, and the owner key of an account-abstracted one), lower case. */
function evmAddresses(client: Client): string[] {
  return clientAddresses(client)
    .filter((a) => a.namespace === "eip155")
    .map((a) => a.address.toLowerCase());
}

/** For tests: forget the kept client records. */
export function forgetTestClientAddressesForTests(): void {
  kept.clear();
  opened.clear();
}
