"use client";
import { useState, type FormEvent } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { SecretOnce } from "@/components/ui/secret-once";
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/auth/permissions";
import { queryKeys } from "@/lib/shared/query-keys";
import { createUser } from "@/server/actions/users";
import { HandoverDone, useHandover } from "./handover";

type Created = { id: string; email: string; role: string; generatedPassword?: string };

export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [created, setCreated] = useState<Created>();
  const [role, setRole] = useState<string>("support");
  const handover = useHandover();
  const create = useAction(createUser, {
    errors: "inline",
    fields: ["email", "name", "role", "password"],
    secret: true,
    invalidate: [queryKeys.users.all],
    onSuccess: setCreated,
  });

  function close(next: boolean) {
    if (!next && !handover.mayClose(created?.generatedPassword !== undefined)) return;
    onOpenChange(next);
    if (!next) {
      setCreated(undefined);
      create.reset();
      handover.reset();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.run({
      email: form.get("email"),
      name: form.get("name"),
      role: form.get("role"),
      password: form.get("password"),
    });
  }

  const errors = create.fieldErrors;
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add a staff user"
      description="The user signs in with this e-mail address and password."
    >
      {created ? (
        <div className="space-y-3">
          <p className="text-sm" role="status">
            Created <strong>{created.email}</strong> as{" "}
            {ROLE_LABELS[created.role as keyof typeof ROLE_LABELS] ?? created.role}.
          </p>
          {created.generatedPassword ? (
            <>
              <SecretOnce label="Initial password" value={created.generatedPassword} onSeen={handover.onSeen} />
              <p className="text-xs text-muted">They choose a new password when they first sign in.</p>
            </>
          ) : (
            <p className="text-sm text-muted">They sign in with the password you set.</p>
          )}
          <HandoverDone handover={handover} label="initial password" onDone={() => close(false)} />
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-3" noValidate>
          <Field id="new-email" label="E-mail" error={errors.email}>
            <Input
              id="new-email"
              name="email"
              type="email"
              required
              aria-invalid={Boolean(errors.email)}
              autoComplete="off"
            />
          </Field>
          <Field id="new-name" label="Name (optional)" error={errors.name}>
            <Input id="new-name" name="name" autoComplete="off" aria-invalid={Boolean(errors.name)} />
          </Field>
          <Field
            id="new-role"
            label="Role"
            error={errors.role}
            hint={ROLE_DESCRIPTIONS[role as keyof typeof ROLE_DESCRIPTIONS]}
          >
            <Select id="new-role" name="role" value={role} onChange={(e) => setRole(e.target.value)}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="new-password"
            label="Password"
            error={errors.password}
            hint="Leave blank to generate one; it is shown once and must be changed at the first sign-in."
          >
            <Input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              aria-invalid={Boolean(errors.password)}
            />
          </Field>
          <FormError message={create.formError} />
          <div className="flex justify-end gap-2">
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={create.pending}>
              {create.pending ? "Creating…" : "Create user"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
