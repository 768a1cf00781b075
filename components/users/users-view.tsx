"use client";
import { useMemo, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { formatDistanceToNowStrict } from "date-fns";
import { UserPlus } from "lucide-react";
import { toast } from "sonner";
import { createUser, updateUser } from "@/server/actions/users";
import { DataTable } from "@/components/data-table/data-table";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/field";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { ROLES, ROLE_LABELS, type Role } from "@/lib/permissions";
import { fetchJson } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { describeError } from "@/lib/result";
import type { StaffUserView } from "@/lib/users";
import { CreateUserDialog } from "./create-user-dialog";

export function UsersView({ currentUserId }: { currentUserId: string }) {
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const users = useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: () => fetchJson<{ users: StaffUserView[] }>("/api/users"),
  });
  const update = useMutation({
    mutationFn: updateUser,
    onSuccess: (result) => {
      if (!result.ok) return void toast.error(describeError(result.error));
      toast.success(`Updated ${result.data.email}`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.users.all });
    },
    onError: () => toast.error("The change could not be sent. Check your connection and try again."),
  });

  const columns = useMemo<ColumnDef<StaffUserView, unknown>[]>(
    () => [
      {
        header: "User",
        accessorKey: "email",
        cell: ({ row }) => (
          <div>
            <div className="font-medium">{row.original.email}</div>
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
            disabled={row.original.id === currentUserId || update.isPending}
            onChange={(e) => update.mutate({ id: row.original.id, role: e.target.value as Role })}
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
            <time dateTime={row.original.lastSignInAt} title={row.original.lastSignInAt}>
              {formatDistanceToNowStrict(new Date(row.original.lastSignInAt), { addSuffix: true })}
            </time>
          ) : (
            <span className="text-muted">Never</span>
          ),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          row.original.id === currentUserId ? (
            <span className="text-xs text-muted">You</span>
          ) : (
            <Button
              size="sm"
              variant={row.original.disabled ? "secondary" : "ghost"}
              disabled={update.isPending}
              onClick={() => update.mutate({ id: row.original.id, disabled: !row.original.disabled })}
            >
              {row.original.disabled ? "Enable" : "Disable"}
            </Button>
          ),
      },
    ],
    [currentUserId, update],
  );

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
        <ErrorState message={users.error.message} onRetry={() => void users.refetch()} />
      ) : (
        <DataTable caption="Staff users" columns={columns} data={users.data.users} getRowId={(u) => u.id} />
      )}
      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all })}
        submit={createUser}
      />
    </div>
  );
}
