"use server";
import { createClientSchema } from "@/lib/clients";
import { createTestClientFor } from "@/server/clients/create-test-client";
import { setUpTestClient } from "@/server/clients/set-up-test-client";
import { defineAction } from "@/server/kit/define-action";

/**
 * Creates a client for developers to act for: its client API key goes straight into the vault and
 * is never returned; the result says only which client it is.
 */
export const createTestClient = defineAction({
  action: "clients.create-test",
  secretFields: [],
  permission: "wallet-lab:use",
  input: createClientSchema,
  run: (input, { user, requestId }) => createTestClientFor({ id: user.id, email: user.email }, input, requestId),
  target: (_input, result) => result?.clientId ?? null,
  auditResult: (r) => ({
    clientId: r.clientId,
    isAccountAbstracted: r.isAccountAbstracted,
    kept: "client API key (vault)",
  }),
});

/**
 * A developer's first test client in one step (the yield page's empty state): created, its wallets
 * generated and, in the sandbox, funded by the faucet. Key and shares go to the vault.
 */
export const setUpYieldTestClient = defineAction({
  action: "clients.set-up-test",
  secretFields: [],
  permission: "wallet-lab:use",
  input: createClientSchema,
  run: (input, { user, requestId }) => setUpTestClient({ id: user.id, email: user.email }, input, requestId),
  target: (_input, result) => result?.clientId ?? null,
  auditResult: (r) => ({
    clientId: r.clientId,
    isAccountAbstracted: r.isAccountAbstracted,
    evmAddress: r.evmAddress,
    funded: r.funded ? "sandbox faucet" : "no faucet (real upstream)",
    kept: "client API key and signing shares (vault)",
  }),
});
