import "server-only";
import type { ApprovalsInbox, ApprovalsWaiting, MyEjectRequests } from "@/lib/ejects/views";
import type { StaffUser } from "@/server/auth/users";
import { keptRead } from "@/server/db/kept-reads";
import { awaitingApprovalIn, countAwaitingApproval, myDecisionsIn, myRequestsIn } from "./inbox";
import { untilFirstLapse } from "./view";

/** What the approvals views are read from. */
const SHOWN_FROM = ["eject_requests", "eject_evidence", "users"] as const;

/**
 * The approvals page and the sidebar badge read the same thing (lapsed requests read as expired,
 * nothing written). Kept between writes to the requests, their evidence and the accounts, until the
 * first open request shown lapses (server/db/kept-reads.ts).
 */
export async function approvalsInbox(user: StaffUser): Promise<ApprovalsInbox> {
  return keptRead(SHOWN_FROM, `approvals inbox ${user.id}`, async (db) => {
    const [waiting, decided] = await Promise.all([awaitingApprovalIn(db, user), myDecisionsIn(db, user)]);
    return { value: { waiting, decided }, ...untilFirstLapse([...waiting, ...decided]) };
  });
}

/**
 * The sidebar's badge, read by the layout of every page: one count, not the inbox's two lists (and
 * not those lists in every page's payload). Kept between writes to the requests and the accounts
 * until the first counted request lapses (server/db/kept-reads.ts).
 */
export async function approvalsWaiting(user: StaffUser): Promise<ApprovalsWaiting> {
  const waiting = await keptRead(["eject_requests", "users"], `approvals waiting ${user.id}`, async (db) => {
    const { count, firstLapse } = await countAwaitingApproval(db, user);
    // Counted while now <= expiresAt: the count is good until the millisecond after.
    return { value: count, ...(firstLapse ? { until: firstLapse.getTime() + 1 } : {}) };
  });
  return { waiting };
}

/** A requester's side of the approvals page: their own requests and where each stands (kept as the inbox is). */
export async function myEjectRequests(user: StaffUser): Promise<MyEjectRequests> {
  return keptRead(SHOWN_FROM, `own eject requests ${user.id}`, async (db) => {
    const requests = await myRequestsIn(db, user);
    return { value: { requests }, ...untilFirstLapse(requests) };
  });
}
