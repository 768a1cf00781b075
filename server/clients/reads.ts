import "server-only";
import { clientRow, type ClientsPage } from "@/lib/clients";
import type { ClientView } from "@/lib/clients/client-view";
import { clientView } from "@/lib/clients/derive-addresses";
import type { AssetsResponse, Client, ListClientsResponse } from "@/lib/contracts";
import { ejectSummaries } from "@/server/ejects/inbox";
import { testClientIds } from "@/server/lab/test-clients";
import { getAdminClient } from "@/server/upstream";
import { orNotFound } from "@/server/upstream/not-found";
import { sharedAdminReads } from "@/server/upstream/shared-admin-reads";

/** One page of clients in the upstream's own cursor order, with each one's eject state and which are test clients. */
export async function listClientsPage(query: { take: number; cursor?: string }): Promise<ClientsPage> {
  const page: ListClientsResponse = await sharedAdminReads.listClients({
    take: query.take,
    ...(query.cursor ? { cursor: query.cursor } : {}),
  });
  const [ejects, tests] = await Promise.all([
    ejectSummaries(page.results),
    testClientIds(page.results.map((c) => c.id)),
  ]);
  return { metadata: page.metadata, results: page.results.map(clientRow), ejects, testClients: [...tests] };
}

/** The client, or a NOT_FOUND AppError the pages turn into a not-found screen. */
export async function getClient(clientId: string): Promise<Client> {
  return orNotFound(getAdminClient().clients.retrieve(clientId), `Client ${clientId}`);
}

/**
 * The client's view as its page and route show it, or a NOT_FOUND AppError: a shared read
 * (server/upstream/shared-reads.ts), so the client's page and its tabs, opened by several people or
 * switched between, read the record once in a few seconds; what acts on a client reads it afresh.
 */
export async function getClientView(clientId: string): Promise<ClientView> {
  return clientView(await orNotFound(sharedAdminReads.retrieveClient(clientId), `Client ${clientId}`));
}

export async function getClientAssets(clientId: string, chain: string): Promise<AssetsResponse> {
  return orNotFound(getAdminClient().clients.assets(clientId, chain as never), `Client ${clientId}`);
}
