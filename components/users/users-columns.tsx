"use client";
import type { DisplayColumn } from "@/components/data-table/display-column";
import { Truncated } from "@/components/data-table/truncated";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import type { StaffUserView } from "@/lib/users";
import type { PendingChange } from "./confirm-change";

/**
 * The staff table's columns. A role or access change is asked to be confirmed (`onChange`), enabling
 * is done at once (`onEnable`); the current user's own row offers neither. `busy` while a change runs.
 */
export function userColumns({
  currentUserId,
  busy,
  onChange,
  onReset,
  onEnable,
}: {
  currentUserId: string;
  busy: boolean;
  onChange: (change: PendingChange) => void;
  onReset: (user: StaffUserView) => void;
  onEnable: (userId: string) => void;
}): DisplayColumn<StaffUserView>[] {
  return [
    {
      header: "User",
      id: "email",
      cell: ({ row }) => (
        <div id={`user-${row.original.id}`}>
          <Truncated text={row.original.email} className="font-medium md:max-w-[18rem]" />
          {row.original.name ? <div className="text-xs text-muted">{row.original.name}</div> : null}
        </div>
      ),
    },
    {
      header: "Role",
      id: "role",
      cell: ({ row }) => (
        <Select
          aria-label={`Role of ${row.original.email}`}
          className="h-8 w-40"
          value={row.original.role}
          disabled={row.original.id === currentUserId || busy}
          onChange={(e) => onChange({ user: row.original, role: e.target.value as Role })}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
      ),
    },
    {
      header: "Status",
      id: "disabled",
      cell: ({ row }) =>
        row.original.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>,
    },
    {
      header: "Sign-in",
      id: "source",
      cell: ({ row }) => <span className="text-muted">{row.original.source === "sso" ? "SSO" : "Password"}</span>,
    },
    {
      header: "Last sign-in",
      id: "lastSignInAt",
      cell: ({ row }) =>
        row.original.lastSignInAt ? (
          <RelativeTime iso={row.original.lastSignInAt} />
        ) : (
          <span className="text-muted">Never</span>
        ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.id === currentUserId ? (
          <p className="text-right text-xs text-muted">You</p>
        ) : (
          <div className="flex flex-wrap justify-end gap-1">
            {row.original.source === "sso" ? null : (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Reset password for ${row.original.email}`}
                onClick={() => onReset(row.original)}
              >
                Reset password
              </Button>
            )}
            <Button
              size="sm"
              variant={row.original.disabled ? "secondary" : "ghost"}
              disabled={busy}
              onClick={() =>
                row.original.disabled ? onEnable(row.original.id) : onChange({ user: row.original, disabled: true })
              }
            >
              {row.original.disabled ? "Enable" : "Disable"}
            </Button>
          </div>
        ),
    },
  ];
}
