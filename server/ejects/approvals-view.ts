import "server-only";
import type { StaffUser } from "@/server/auth/users";
import type { ApprovalsInbox } from "@/lib/clients";
import { getDb } from "@/server/db";
import { awaitingApprovalIn, myOpenRequestsIn } from "./inbox";
import { expireStale } from "./view";

/** The approvals page and the sidebar badge read the same thing (stale requests expired once for both lists). */
export async function approvalsInbox(user: StaffUser): Promise<ApprovalsInbox> {
  const db = await getDb();
  await expireStale(db);
  const [waiting, mine] = await Promise.all([awaitingApprovalIn(db, user), myOpenRequestsIn(db, user)]);
  return { waiting, mine };
}
