/** What the eject area's pages and routes show: requests, the approvals inbox, a client's eject state. */
import type { EjectStatus } from "./index";

/** What the clients list says about a client's ejection, from the upstream record and the console's requests. */
export type EjectSummary =
  /** `wallets` when the console handed out some of the client's wallets' shares but not all of them. */
  | { state: "ejected"; at: string; wallets?: { ejected: number; total: number } }
  | { state: "open"; until: string }
  | { state: "approved"; requestId: string }
  | { state: "pending"; requestId: string }
  | { state: "none" };

export interface EjectRequestView {
  id: string;
  clientId: string;
  walletId: string;
  curve: string | null;
  reason: string;
  ticket: string;
  windowMinutes: number;
  status: EjectStatus;
  requestedByEmail: string;
  requestedAt: string;
  expiresAt: string;
  decidedByEmail: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
  executedByEmail: string | null;
  executedAt: string | null;
  ejectableUntil: string | null;
  sharesFetchedByEmail: string | null;
  sharesFetchedAt: string | null;
  /** When the signed evidence pack of the completed ejection was written; null while there is none. */
  evidenceSignedAt: string | null;
}

/** The approvals page for an approver: requests waiting for their decision, and what they decided. */
export interface ApprovalsInbox {
  waiting: EjectRequestView[];
  decided: EjectRequestView[];
}

/** The sidebar's badge on every page: how many requests wait for this approver (the inbox's `waiting`, counted). */
export interface ApprovalsWaiting {
  waiting: number;
}

/** The approvals page for a requester: their own requests, newest first, whatever became of them. */
export interface MyEjectRequests {
  requests: EjectRequestView[];
}
