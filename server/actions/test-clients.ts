"use server";
import { createClientSchema } from "@/lib/clients";
import { registerTestClient } from "@/server/clients/test-clients";
import { getDb } from "@/server/db";
import { AppError } from "@/server/errors";
import { defineAction } from "@/server/kit/define-action";
import { logger } from "@/server/log";
import { getAdminClient } from "@/server/upstream";

/**
 * Creates a client for developers to act for: its client API key goes straight into the vault and
 * is never returned; the result says only which client it is.
 */
export const createTestClient = defineAction({
  action: "clients.create-test",
  secretFields: [],
  permission: "wallet-lab:use",
  input: createClientSchema,
  run: async (input, { user, requestId }) => {
    const created = await getAdminClient().clients.create({ isAccountAbstracted: input.isAccountAbstracted });
    try {
      return await registerTestClient(await getDb(), {
        clientId: created.id,
        isAccountAbstracted: created.isAccountAbstracted,
        clientApiKey: created.clientApiKey,
        by: { id: user.id, email: user.email },
      });
    } catch (error) {
      logger.error({ err: error, clientId: created.id, requestId }, "test client could not be kept");
      throw new AppError(
        "INTERNAL",
        `Client ${created.id} was created upstream, but the console could not keep its key, so it is not a test client. Create another.`,
      );
    }
  },
  target: (_input, result) => result?.clientId ?? null,
  auditResult: (r) => ({
    clientId: r.clientId,
    isAccountAbstracted: r.isAccountAbstracted,
    kept: "client API key (vault)",
  }),
});
