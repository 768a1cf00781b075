"use client";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useQueryState } from "nuqs";
import { useEffect, useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { ErrorState, TableSkeleton } from "@/components/ui/states";
import { fetchJson } from "@/lib/shared/query-client";
import { queryKeys } from "@/lib/shared/query-keys";
import type { StaffUserView } from "@/lib/users";
import { usersUrl } from "@/lib/users/routes";
import { usersParsers } from "@/lib/users/search-params";
import { updateUser } from "@/server/actions/users";
import { ConfirmChange, type PendingChange } from "./confirm-change";
import { CreateUserDialog } from "./create-user-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { userColumns } from "./users-columns";

export function UsersView({ currentUserId }: { currentUserId: string }) {
  const [creating, setCreating] = useState(false);
  const users = useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: () => fetchJson<{ users: StaffUserView[] }>(usersUrl()),
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

  const columns = useMemo(
    () =>
      userColumns({
        currentUserId,
        busy: update.pending,
        onChange: setPending,
        onReset: setResetting,
        onEnable: (id) => update.run({ id, disabled: false }),
      }),
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
