"use client";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { permissionsOf, ROLE_LABELS, type Permission, type Role } from "@/lib/auth/permissions";
import type { StaffUserView } from "@/lib/users";

export type PendingChange = { user: StaffUserView; role?: Role; disabled?: boolean };

const list = (ps: Permission[]) => ps.map((p) => p.replace(":", " ")).join(", ");

/** Says what a role change or a disable will do before it is done: both end the user's sessions. */
export function ConfirmChange({
  change,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  change: PendingChange | null;
  pending: boolean;
  error?: string;
  onCancel: () => void;
  onConfirm: (change: PendingChange) => void;
}) {
  const user = change?.user;
  const role = change?.role;
  const gains = user && role ? permissionsOf(role).filter((p) => !permissionsOf(user.role).includes(p)) : [];
  const loses = user && role ? permissionsOf(user.role).filter((p) => !permissionsOf(role).includes(p)) : [];
  const title = !change
    ? ""
    : change.disabled
      ? `Disable ${change.user.email}?`
      : role === "admin"
        ? `Make ${change.user.email} an admin?`
        : `Change ${change.user.email} to ${role ? ROLE_LABELS[role] : ""}?`;
  return (
    <ConfirmDialog
      open={change !== null}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={title}
      confirmLabel={change?.disabled ? "Disable account" : role === "admin" ? "Make admin" : "Change role"}
      tone={change?.disabled || role === "admin" ? "danger" : "primary"}
      pending={pending}
      error={error}
      onConfirm={() => change && onConfirm(change)}
    >
      {change?.disabled ? (
        <p>They are signed out everywhere at once and cannot sign in until an admin enables the account again.</p>
      ) : user && role ? (
        <>
          {role === "admin" ? (
            <p className="font-medium text-danger">
              An admin can do everything in the console, including managing staff accounts and roles.
            </p>
          ) : null}
          <p>
            From {ROLE_LABELS[user.role]} to {ROLE_LABELS[role]}.{gains.length > 0 ? ` They gain: ${list(gains)}.` : ""}
            {loses.length > 0 ? ` They lose: ${list(loses)}.` : ""}
          </p>
          <p>Their current sessions end; they sign in again to work with the new role.</p>
        </>
      ) : null}
    </ConfirmDialog>
  );
}
