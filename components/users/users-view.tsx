"use client";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { UserPlus } from "lucide-react";
import { useQueryState } from "nuqs";
import { useEffect, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { Truncated } from "@/components/data-table/truncated";
import { useAction } from "@/components/hooks/use-action";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/auth/permissions";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import type { StaffUserView } from "@/lib/users";
import { usersParsers } from "@/lib/users/search-params";
import { updateUser } from "@/server/actions/users";
import { ConfirmChange, type PendingChange } from "./confirm-change";
import { CreateUserDialog } from "./create-user-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";

export function UsersView({ currentUserId }: { currentUserId: string }) {
  const [creating, setCreating] = useState(false);
  const users = useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: () => fetchJson<{ users: StaffUserView[] }>("/api/users"),
  });
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [resetting, setResetting] = useState<StaffUserView | null>(null);
  const [focus] = useQueryState("user", usersParsers.user);
  const update = useAction(updateUser, {
    errors: "inline",
    successMessage: (r) => `Updated ${r.email}${r.sessionsEnded ? "; their sessions have ended" : ""}`,
    invalidate: [queryKeys.users.all],
    onSuccess: () => setPending(null),
  });
  // A link from elsewhere (an audit record's target) names one user: bring that row into view.
  useEffect(() => {
    if (focus && users.data) document.getElementById(`user-${focus}`)?.scrollIntoView({ block: "center" });
  }, [focus, users.data]);

  const columns = useMemo<ColumnDef<StaffUserView, unknown>[]>(
    () => [
      {
        header: "User",
        accessorKey: "email",
        cell: ({ row }) => (
          <div id={`user-${row.original.id}`}>
            <Truncated text={row.original.email} className="font-medium md:max-w-[18rem]" />
            {row.original.name ? <div className="text-xs text-muted">{row.original.name}</div> : null}
          </div>
        ),
      },
      {
        header: "Role",
        accessorKey: "role",
        cell: ({ row }) => (
          <Select
            aria-label={`Role of ${row.original.email}`}
            className="h-8 w-40"
            value={row.original.role}
            disabled={row.original.id === currentUserId || update.pending}
            onChange={(e) => setPending({ user: row.original, role: e.target.value as Role })}
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
        accessorKey: "disabled",
        cell: ({ row }) =>
          row.original.disabled ? <Badge tone="danger">Disabled</Badge> : <Badge tone="success">Active</Badge>,
      },
      {
        header: "Sign-in",
        accessorKey: "source",
        cell: ({ row }) => <span className="text-muted">{row.original.source === "sso" ? "SSO" : "Password"}</span>,
      },
      {
        header: "Last sign-in",
        accessorKey: "lastSignInAt",
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
                  disabled={update.pending}
                  aria-label={`Reset password for ${row.original.email}`}
                  onClick={() => setResetting(row.original)}
                >
                  Reset password
                </Button>
              )}
              <Button
                size="sm"
                variant={row.original.disabled ? "secondary" : "ghost"}
                disabled={update.pending}
                onClick={() =>
                  row.original.disabled
                    ? update.run({ id: row.original.id, disabled: false })
                    : setPending({ user: row.original, disabled: true })
                }
              >
                {row.original.disabled ? "Enable" : "Disable"}
              </Button>
            </div>
          ),
      },
    ],
    [currentUserId, update],
  );
  const focusRow = (u: StaffUserView) => (u.id === focus ? "bg-accent-soft/60" : undefined);

  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="primary" onClick={() => setCreating(true)}>
          <UserPlus className="size-4" aria-hidden /> Add user
        </Button>
      </div>
      {users.isPending ? (
        <TableSkeleton rows={4} />
      ) : users.isError ? (
        <ErrorState message={users.error.message} error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <DataTable
          caption="Staff users"
          columns={columns}
          data={users.data.users}
          getRowId={(u) => u.id}
          rowClassName={focusRow}
        />
      )}
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmChange
        change={pending}
        pending={update.pending}
        error={update.formError}
        onCancel={() => {
          setPending(null);
          update.reset();
        }}
        onConfirm={(c) => update.run(c.disabled ? { id: c.user.id, disabled: true } : { id: c.user.id, role: c.role })}
      />
    </div>
  );
}
