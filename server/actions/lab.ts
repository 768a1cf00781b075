"use server";
import { createClientSchema } from "@/lib/clients";
import { labClientInputSchema, rawSignInputSchema, sendInputSchema, signMessageInputSchema } from "@/lib/lab/forms";
import { defineAction } from "@/server/kit/define-action";
import { backupWallet } from "@/server/lab/backup";
import { createTestClientFor } from "@/server/lab/create-test-client";
import { generateWallet } from "@/server/lab/generate";
import { rawSign } from "@/server/lab/raw-sign";
import { recoverWallet } from "@/server/lab/recover";
import { sendAssets } from "@/server/lab/send";
import { setUpTestClient } from "@/server/lab/set-up-test-client";
import { signMessage } from "@/server/lab/sign-message";

/**
 * The wallet lab: a developer acts as one of the console's test clients through the MPC service.
 * Shares go from the vault to the service and back into the vault; results and audit records carry
 * ids, addresses, signatures and hashes only.
 */

/** Generates the client's wallets on both curves; the signing shares go to the vault. */
export const generateLabWallet = defineAction({
  action: "lab.generate",
  secretFields: [],
  permission: "wallet-lab:use",
  input: labClientInputSchema,
  run: ({ clientId }) => generateWallet(clientId),
  target: (input) => input.clientId,
  auditResult: (r) => ({
    wallets: r.wallets.map((w) => ({ id: w.id, curve: w.curve })),
    signingSharePairIds: r.sharePairIds,
    kept: "signing shares (vault)",
  }),
});

/** Backs up the current signing shares; the backup shares go to the vault. */
export const backupLabWallet = defineAction({
  action: "lab.backup",
  secretFields: [],
  permission: "wallet-lab:use",
  input: labClientInputSchema,
  run: ({ clientId }) => backupWallet(clientId),
  target: (input) => input.clientId,
  auditResult: (r) => ({ backupSharePairIds: r.sharePairIds, kept: "backup shares (vault)" }),
});

/** Recovers new signing shares from the stored backup and proves they sign for the same addresses. */
export const recoverLabWallet = defineAction({
  action: "lab.recover",
  secretFields: [],
  permission: "wallet-lab:use",
  input: labClientInputSchema,
  run: ({ clientId }) => recoverWallet(clientId),
  target: (input) => input.clientId,
  auditResult: (r) => ({
    signingSharePairIds: r.sharePairIds,
    kept: "signing shares (vault), replacing the previous ones",
    sameWallets: r.sameWallets,
    proof: r.proofError ? { error: r.proofError } : r.checks.map((c) => ({ label: c.label, ok: c.ok })),
  }),
});

/** personal_sign or eth_signTypedData_v4 on an EVM chain, verified on the server. */
export const signLabMessage = defineAction({
  action: "lab.sign-message",
  secretFields: [],
  permission: "wallet-lab:use",
  input: signMessageInputSchema,
  run: (input) => signMessage(input),
  target: (input) => input.clientId,
  auditResult: (r) => ({
    signature: r.signature,
    expected: r.expected.address,
    recovered: r.recovered,
    matches: r.matches,
  }),
});

/** A raw signature of a 32-byte digest with one curve's share, verified on the server. */
export const rawSignLabDigest = defineAction({
  action: "lab.raw-sign",
  secretFields: [],
  permission: "wallet-lab:use",
  input: rawSignInputSchema,
  run: (input) => rawSign(input),
  target: (input) => input.clientId,
  auditResult: (r) => ({ signature: r.signature, verified: r.check.ok }),
});

/** Sends assets, once or several times at once, under the spec's nonce rule; waits (bounded) for receipts. */
export const sendLabAssets = defineAction({
  action: "lab.send",
  secretFields: [],
  permission: "wallet-lab:use",
  input: sendInputSchema,
  run: (input) => sendAssets(input),
  target: (input) => input.clientId,
  auditResult: (r) => ({
    from: r.from,
    sends: r.items.map((i) => ({
      status: i.status,
      nonce: i.nonce ?? null,
      transactionHash: i.transactionHash ?? null,
      userOperationHash: i.userOperationHash ?? null,
    })),
  }),
});

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
