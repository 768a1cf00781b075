import "server-only";
import type { TestClient } from "@/lib/lab/test-clients";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { logger } from "@/server/log";
import { getAdminClient } from "@/server/upstream";
import { registerTestClient } from "./test-clients";

/**
 * Creates a client upstream and keeps it as a test client: its client API key goes straight into
 * the vault and is never returned. If the key cannot be kept, the client exists upstream but is not
 * a test client, and the error says so.
 */
export async function createTestClientFor(
  by: { id: string; email: string },
  input: { isAccountAbstracted: boolean },
  requestId: string,
): Promise<TestClient> {
  const created = await getAdminClient().clients.create({ isAccountAbstracted: input.isAccountAbstracted });
  try {
    return await registerTestClient(await getDb(), {
      clientId: created.id,
      isAccountAbstracted: created.isAccountAbstracted,
      clientApiKey: created.clientApiKey,
      by,
    });
  } catch (error) {
    logger.error({ err: error, clientId: created.id, requestId }, "test client could not be kept");
    throw new AppError(
      "INTERNAL",
      `Client ${created.id} was created upstream, but the console could not keep its key, so it is not a test client. Create another.`,
    );
  }
}
