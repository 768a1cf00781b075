import "server-only";
import type { StaffUser } from "@/server/auth/users";
import type { UserRow } from "@/server/auth/users";
import { AppError, conflict } from "@/server/errors";
import type { EjectRow } from "./view";

/**
 * The rules of dual control, in one place. One person with one account cannot eject a wallet:
 * a second staff member approves, and only the requester carries the act out. An admin cannot
 * approve their own request with an account made for the purpose after the request, nor with
 * any account they created themselves. What it does not stop (accounts prepared in advance by
 * someone else, two people colluding) is written in docs/security.md (Dual control).
 */
export function checkApprover(request: EjectRow, approver: UserRow) {
  if (approver.id === request.requestedById)
    throw new AppError(
      "FORBIDDEN",
      "You cannot decide your own eject request; another staff member must approve or reject it.",
    );
  if (approver.createdBy !== null && approver.createdBy === request.requestedById)
    throw new AppError(
      "FORBIDDEN",
      "Your account was created by the requester, so it cannot be the second pair of eyes on their request.",
    );
  if (approver.createdAt >= request.requestedAt)
    throw new AppError(
      "FORBIDDEN",
      "Your account was created after this request was made, so it cannot approve it. Ask a colleague whose account is older.",
    );
}

/** Opening the window and downloading the shares are the requester's own acts. */
export function checkRequester(request: EjectRow, user: StaffUser, act: string) {
  if (request.requestedById !== user.id)
    throw new AppError(
      "FORBIDDEN",
      `Only the staff member who requested this eject (${request.requestedByEmail}) can ${act}.`,
    );
}

export function checkPendingDecision(request: EjectRow, now: Date) {
  if (request.status === "expired" || (request.status === "pending" && request.expiresAt <= now))
    throw conflict("This request expired before anyone decided; ask for a new one.");
  if (request.status !== "pending") throw conflict(`This request is already ${request.status}.`);
}
