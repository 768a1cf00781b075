import "server-only";
import type { StaffUser } from "@/server/auth/users";
import type { ApprovalsInbox } from "@/lib/clients";
import { awaitingApproval, myOpenRequests } from "./inbox";

/** The approvals page and the sidebar badge read the same thing. */
export async function approvalsInbox(user: StaffUser): Promise<ApprovalsInbox> {
  const [waiting, mine] = await Promise.all([awaitingApproval(user), myOpenRequests(user)]);
  return { waiting, mine };
}
