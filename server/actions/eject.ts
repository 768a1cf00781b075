"use server";
import { defineAction } from "@/server/kit/define-action";
import { createEjectRequest, decideEjectRequest, executeEjectRequest } from "@/server/clients/eject";
import { ejectDecisionSchema, ejectRejectSchema, ejectRequestSchema } from "@/lib/clients";

export const requestEject = defineAction({
  action: "eject.request",
  permission: "eject:request",
  input: ejectRequestSchema,
  run: (input, { user }) => createEjectRequest(input, user),
  target: (input) => `${input.clientId}/${input.walletId}`,
  auditResult: (r) => ({ requestId: r.id, expiresAt: r.expiresAt }),
});

export const approveEject = defineAction({
  action: "eject.approve",
  permission: "eject:approve",
  input: ejectDecisionSchema,
  run: (input, { user }) => decideEjectRequest(input.requestId, "approved", input.note, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, requestedBy: r.requestedByEmail }),
});

export const rejectEject = defineAction({
  action: "eject.reject",
  permission: "eject:approve",
  input: ejectRejectSchema,
  run: (input, { user }) => decideEjectRequest(input.requestId, "rejected", input.note, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, requestedBy: r.requestedByEmail }),
});

export const executeEject = defineAction({
  action: "eject.execute",
  permission: "eject:request",
  input: ejectDecisionSchema.pick({ requestId: true }),
  run: (input, { user }) => executeEjectRequest(input.requestId, user),
  target: (input) => input.requestId,
  auditResult: (r) => ({ clientId: r.clientId, walletId: r.walletId, ejectableUntil: r.ejectableUntil }),
});
