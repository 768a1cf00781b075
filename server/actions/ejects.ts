"use server";
import { z } from "zod";
import { clientIdSchema } from "@/lib/clients";
import { ejectApproveSchema, ejectRejectSchema, ejectRequestIdSchema, ejectRequestSchema } from "@/lib/ejects/schemas";
import {
  createEjectRequest,
  decideEjectRequest,
  executeEjectRequest,
  fetchEjectShares,
  withdrawEjectRequest,
} from "@/server/ejects";
import { queueEvidencePack } from "@/server/ejects/evidence/job";
import { shareDigests } from "@/server/ejects/evidence/share-digests";
import { defineAction } from "@/server/kit/define-action";

export const requestEject = defineAction({
  action: "eject.request",
  secretFields: [],
  permission: "eject:request",
  input: ejectRequestSchema,
  run: (input, { user }) => createEjectRequest(input, user),
  target: (input) => `${input.clientId}/${input.walletId}`,
  auditResult: (r) => ({ requestId: r.id, expiresAt: r.expiresAt }),
});

export const approveEject = defineAction({
  action: "eject.approve",
  secretFields: [],
  permission: "eject:approve",
  input: ejectApproveSchema,
  run: (input, { user }) => decideEjectRequest(input.requestId, "approved", input.note, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, requestedBy: r.requestedByEmail }),
});

export const rejectEject = defineAction({
  action: "eject.reject",
  secretFields: [],
  permission: "eject:approve",
  input: ejectRejectSchema,
  run: (input, { user }) => decideEjectRequest(input.requestId, "rejected", input.note, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, requestedBy: r.requestedByEmail }),
});

export const executeEject = defineAction({
  action: "eject.execute",
  secretFields: [],
  permission: "eject:request",
  input: ejectRequestIdSchema,
  run: (input, { user }) => executeEjectRequest(input.requestId, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, ejectableUntil: r.ejectableUntil }),
});

export const withdrawEject = defineAction({
  action: "eject.withdraw",
  secretFields: [],
  permission: "eject:request",
  input: ejectRequestIdSchema,
  run: (input, { user }) => withdrawEjectRequest(input.requestId, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId }),
});

/**
 * The backup shares as the content of one file, for the browser to save: never rendered, kept in
 * no cache (the client hook drops the result once saved), never stored by the console.
 */
export const downloadEjectShares = defineAction({
  action: "eject.fetch-shares",
  secretFields: [],
  permission: "eject:fetch-shares",
  input: z.object({
    requestId: z.uuid("Unknown request"),
    clientId: clientIdSchema,
    confirmClientId: z.string().max(100),
  }),
  run: async (input, { user }) => {
    const { request, shares } = await fetchEjectShares(input, user);
    // Their SHA-256 is taken now: the shares pass through once and are never kept. The digests go on
    // this act's audit record (auditResult), which the evidence pack names; a job writes the pack
    // once that record is written (server/ejects/evidence/job.ts says why that way).
    const sharesSha256 = shareDigests(shares);
    await queueEvidencePack(request.id, { id: user.id, email: user.email });
    const file = {
      clientId: request.clientId,
      walletId: request.walletId,
      curve: request.curve,
      ejectRequestId: request.id,
      fetchedAt: new Date().toISOString(),
      encryptedClientBackupShare: shares.encryptedClientBackupShare,
      custodianBackupShare: shares.custodianBackupShare,
    };
    return {
      fileName: `eject-${request.clientId}-${request.walletId}.json`,
      content: JSON.stringify(file, null, 2),
      walletId: request.walletId,
      sharesSha256,
    };
  },
  auditInput: ({ requestId, clientId }) => ({ requestId, clientId }),
  target: (input) => `${input.clientId}/${input.requestId}`,
  auditResult: (r) => ({
    walletId: r.walletId,
    delivered: "one download; not stored by the console",
    sharesSha256: r.sharesSha256,
  }),
});
