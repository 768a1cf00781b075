"use client";
import { useState } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { SecretOnce } from "@/components/ui/secret-once";
import { queryKeys } from "@/lib/shared/query-keys";
import type { StaffUserView } from "@/lib/users";
import { resetUserPassword } from "@/server/actions/users";
import { HandoverDone, useHandover } from "./handover";

type Reset = { email: string; disabled: boolean; generatedPassword: string };

/** An admin gives someone who lost their password a new one-time password (server/users/reset-password.ts). */
export function ResetPasswordDialog({ user, onClose }: { user: StaffUserView | null; onClose: () => void }) {
  const [reset, setReset] = useState<Reset>();
  const handover = useHandover();
  const action = useAction(resetUserPassword, {
    errors: "inline",
    secret: true,
    invalidate: [queryKeys.users.all],
    onSuccess: setReset,
  });

  function close() {
    if (!handover.mayClose(reset !== undefined)) return;
    onClose();
    setReset(undefined);
    action.reset();
    handover.reset();
  }

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={user ? `Reset the password of ${user.email}` : ""}
      description={
        reset
          ? undefined
          : "A new one-time password replaces theirs. Hand it to them yourself; they choose their own at their next sign-in."
      }
    >
      {reset ? (
        <div className="space-y-3">
          <p className="text-sm" role="status">
            The password of <strong>{reset.email}</strong> is reset and every session they had has ended.
          </p>
          <SecretOnce label="One-time password" value={reset.generatedPassword} onSeen={handover.onSeen} />
          <p className="text-xs text-muted">
            They must replace it when they sign in with it.
            {reset.disabled ? " The account is still disabled: enable it for them to sign in." : ""}
          </p>
          <HandoverDone handover={handover} label="one-time password" onDone={close} />
        </div>
      ) : (
        <div className="space-y-3">
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
            <li>Their current password stops working now.</li>
            <li>They are signed out everywhere at once.</li>
            <li>The reset is recorded in the audit log; the password is not.</li>
          </ul>
          <FormError message={action.formError} />
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="danger"
              disabled={action.pending || user === null}
              onClick={() => user && action.run({ id: user.id })}
            >
              {action.pending ? "Resetting…" : "Reset password"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
