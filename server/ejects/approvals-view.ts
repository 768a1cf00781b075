import "server-only";
import type { ApprovalsInbox, MyEjectRequests } from "@/lib/clients";
import type { StaffUser } from "@/server/auth/users";
import { getDb } from "@/server/db";
import { awaitingApprovalIn, myDecisionsIn, myRequestsIn } from "./inbox";

/** The approvals page and the sidebar badge read the same thing (lapsed requests read as expired, nothing written). */
export async function approvalsInbox(user: StaffUser): Promise<ApprovalsInbox> {
  const db = await getDb();
  const [waiting, decided] = await Promise.all([awaitingApprovalIn(db, user), myDecisionsIn(db, user)]);
  return { waiting, decided };
}

/** A requester's side of the approvals page: their own requests and where each stands. */
export async function myEjectRequests(user: StaffUser): Promise<MyEjectRequests> {
  const db = await getDb();
  return { requests: await myRequestsIn(db, user) };
}
