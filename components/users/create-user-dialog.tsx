"use client";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { SecretOnce } from "@/components/ui/secret-once";
import { ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS } from "@/lib/permissions";
import type { ActionResult } from "@/lib/result";

type Created = { id: string; email: string; role: string; generatedPassword?: string };

export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
  submit,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: () => void;
  submit: (input: unknown) => Promise<ActionResult<Created>>;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<Created>();
  const [role, setRole] = useState<string>("support");

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setCreated(undefined);
      setErrors({});
      setFormError(undefined);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    const result = await submit({
      email: form.get("email"),
      name: form.get("name"),
      role: form.get("role"),
      password: form.get("password"),
    }).catch(() => null);
    setPending(false);
    if (!result) return setFormError("The request could not be sent. Check your connection and try again.");
    if (!result.ok) {
      setErrors(result.error.fields ?? {});
      return setFormError(result.error.message);
    }
    setErrors({});
    setFormError(undefined);
    setCreated(result.data);
    onCreated();
  }

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
            <SecretOnce label="Initial password" value={created.generatedPassword} />
          ) : (
            <p className="text-sm text-muted">They sign in with the password you set.</p>
          )}
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => close(false)}>
              Done
            </Button>
          </div>
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
            <Input id="new-name" name="name" autoComplete="off" />
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
            hint="Leave blank to generate one; it is shown once."
          >
            <Input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              aria-invalid={Boolean(errors.password)}
            />
          </Field>
          {formError ? (
            <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
              {formError}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => close(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={pending}>
              {pending ? "Creating…" : "Create user"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
