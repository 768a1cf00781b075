"use server";
import { z } from "zod";
import { buildTransferSchema, createClientSchema, credentialRequestSchema } from "@/lib/clients";
import { classifySearch } from "@/lib/clients/search";
import { upstreamBuildRefusal } from "@/lib/clients/transfer-chains";
import { findAddressJob, type FindAddressResult } from "@/server/clients/find-address-job";
import { getClient } from "@/server/clients/reads";
import { getUpstreamConfig } from "@/server/env";
import { AppError } from "@/server/errors";
import { startJob } from "@/server/jobs";
import { toJobRunView } from "@/server/jobs/view";
import { defineAction } from "@/server/kit/define-action";
import { getAdminClient } from "@/server/upstream";

/** Secrets in these results are shown once in the browser; audit records only say that one was issued. */
export const createClient = defineAction({
  action: "clients.create",
  secretFields: [],
  permission: "clients:create",
  input: createClientSchema,
  run: async (input) => {
    const created = await getAdminClient().clients.create({ isAccountAbstracted: input.isAccountAbstracted });
    return {
      id: created.id,
      clientApiKey: created.clientApiKey,
      clientSessionToken: created.clientSessionToken,
      isAccountAbstracted: created.isAccountAbstracted,
    };
  },
  target: (_input, result) => result?.id ?? null,
  auditResult: (r) => ({
    clientId: r.id,
    isAccountAbstracted: r.isAccountAbstracted,
    issued: ["client API key", "client session token"],
  }),
});

export const mintSessionToken = defineAction({
  action: "credentials.session-token",
  secretFields: [],
  permission: "credentials:issue",
  input: credentialRequestSchema,
  run: async ({ clientId }) => {
    await getClient(clientId);
    const session = await getAdminClient().clients.createSession(clientId);
    return { clientId, clientSessionToken: session.clientSessionToken };
  },
  target: (input) => input.clientId,
  auditResult: () => ({ issued: "client session token" }),
});

export const issueWebOtp = defineAction({
  action: "credentials.web-otp",
  secretFields: [],
  permission: "credentials:issue",
  input: credentialRequestSchema,
  run: async ({ clientId }) => {
    await getClient(clientId);
    const { otp } = await getAdminClient().clients.webOtp(clientId);
    return { clientId, otp };
  },
  target: (input) => input.clientId,
  auditResult: () => ({ issued: "web OTP" }),
});

export const buildTransfer = defineAction({
  action: "transfers.build",
  secretFields: [],
  permission: "transfers:build",
  input: buildTransferSchema,
  run: async ({ clientId, chain, to, token, amount }) => {
    // The picker does not offer such a chain; a direct call is told the same, before any upstream call.
    const refusal = upstreamBuildRefusal(getUpstreamConfig().mode, chain);
    if (refusal) throw new AppError("VALIDATION", refusal, { chain: refusal });
    const result = await getAdminClient().clients.buildTransaction(clientId, chain as never, { to, token, amount });
    return { chain, result: result as Record<string, unknown> };
  },
  target: (input) => input.clientId,
  // The timeline names the token by its symbol: the response's own (EVM, Bitcoin), else the symbol the
  // request named; a bare contract or mint address stays unnamed rather than guessed.
  auditResult: (r) => {
    const metadata = (r.result.metadata ?? {}) as { tokenSymbol?: unknown };
    return typeof metadata.tokenSymbol === "string" ? { tokenSymbol: metadata.tokenSymbol } : {};
  },
});

/**
 * Starts (or joins) the server-side scan for the client that owns an address; the page follows the job.
 * Only an address of a family the header's search box recognises is scanned for (the same check):
 * anything else cannot match, and text such as NUL would not even fit in the job's row.
 */
export const findClientByAddress = defineAction({
  action: "clients.find-address",
  secretFields: [],
  permission: "clients:read",
  input: z.object({
    address: z
      .string()
      .trim()
      .min(8)
      .max(120)
      .refine(
        (v) => classifySearch(v).kind === "address",
        "That is not an address the console knows (EVM, Bitcoin, Solana, Tron, Stellar)",
      ),
  }),
  target: (input) => input.address,
  run: async ({ address }, { user }) => {
    const { run } = await startJob(
      findAddressJob,
      { address },
      { singletonKey: address.toLowerCase(), startedBy: { id: user.id, email: user.email } },
    );
    return toJobRunView<FindAddressResult>(run);
  },
  auditResult: (r) => ({ runId: r.id }),
});
