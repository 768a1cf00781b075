"use client";
import { signIn } from "next-auth/react";
import type { FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { MIN_PASSWORD_LENGTH } from "@/lib/account/password";
import { changePassword } from "@/server/actions/account";

/**
 * A password change ends every session of the user, this one included, so the form signs in again
 * with the new password right away and carries on to where the user was going.
 */
export function ChangePasswordForm({ email, callbackUrl }: { email: string; callbackUrl: string }) {
  const change = useAction(changePassword, {
    errors: "inline",
    fields: ["current", "next", "confirm"],
    onSuccess: async (_data, input) => {
      const next = (input as { next: string }).next;
      await signIn("credentials", { redirect: false, email, password: next });
      window.location.assign(callbackUrl);
    },
  });
  const errors = change.fieldErrors;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    change.run({ current: f.get("current"), next: f.get("next"), confirm: f.get("confirm") });
  }
  return (
    <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-3 rounded border border-border bg-surface p-4">
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <Field id="pw-current" label="Current password" error={errors.current}>
        <Input
          id="pw-current"
          name="current"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.current)}
        />
      </Field>
      <Field id="pw-next" label="New password" error={errors.next} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input
          id="pw-next"
          name="next"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.next)}
        />
      </Field>
      <Field id="pw-confirm" label="New password again" error={errors.confirm}>
        <Input
          id="pw-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          aria-invalid={Boolean(errors.confirm)}
        />
      </Field>
      <FormError message={change.formError} />
      <Button type="submit" variant="primary" disabled={change.pending}>
        {change.pending ? "Saving…" : "Change password"}
      </Button>
    </form>
  );
}
