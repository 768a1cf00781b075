"use client";
import { useState, type FormEvent } from "react";
import { KeyRound, Smartphone } from "lucide-react";
import { issueWebOtp, mintSessionToken } from "@/server/actions/clients";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SecretOnce } from "@/components/ui/secret-once";
import type { ActionResult } from "@/lib/result";
import { describeError } from "@/lib/result";

export function CredentialsTab({ clientId }: { clientId: string }) {
  return (
    <section aria-label="Credentials" className="grid gap-4 lg:grid-cols-2">
      <CredentialCard
        title="Session token"
        icon={<KeyRound className="size-4" aria-hidden />}
        description="A new client session token for the MPC and yield APIs. Earlier tokens stay valid."
        submitLabel="Mint session token"
        secretLabel="Client session token"
        issue={async (reason) => {
          const r = await mintSessionToken({ clientId, reason });
          return r.ok ? { ok: true, data: r.data.clientSessionToken } : r;
        }}
      />
      <CredentialCard
        title="Web OTP"
        icon={<Smartphone className="size-4" aria-hidden />}
        description="A one-time password for the client's web SDK sign-in."
        submitLabel="Issue web OTP"
        secretLabel="Web OTP"
        issue={async (reason) => {
          const r = await issueWebOtp({ clientId, reason });
          return r.ok ? { ok: true, data: r.data.otp } : r;
        }}
      />
    </section>
  );
}

function CredentialCard({
  title,
  icon,
  description,
  submitLabel,
  secretLabel,
  issue,
}: {
  title: string;
  icon: React.ReactNode;
  description: string;
  submitLabel: string;
  secretLabel: string;
  issue: (reason: string) => Promise<ActionResult<string>>;
}) {
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [pending, setPending] = useState(false);
  const id = title.toLowerCase().replace(/\W+/g, "-");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get("reason") ?? "");
    setPending(true);
    setSecret(undefined);
    const result = await issue(reason).catch(() => null);
    setPending(false);
    if (!result) return setError("The request could not be sent. Check your connection and try again.");
    if (!result.ok) {
      setFieldError(result.error.fields?.reason);
      return setError(result.error.fields?.reason ? undefined : describeError(result.error));
    }
    setError(undefined);
    setFieldError(undefined);
    setSecret(result.data);
    form.reset();
  }

  return (
    <div className="rounded border border-border bg-surface p-4">
      <h3 className="mb-1 flex items-center gap-2 font-medium">
        {icon}
        {title}
      </h3>
      <p className="mb-3 text-sm text-muted">{description}</p>
      <form onSubmit={onSubmit} className="space-y-3" noValidate aria-label={submitLabel}>
        <Field id={`${id}-reason`} label="Reason (recorded in the audit log)" error={fieldError}>
          <textarea
            id={`${id}-reason`}
            name="reason"
            rows={2}
            className="w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm"
            aria-invalid={Boolean(fieldError)}
            placeholder="e.g. Ticket SUP-1234: user locked out of the web app"
          />
        </Field>
        {error ? (
          <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? "Issuing…" : submitLabel}
        </Button>
      </form>
      {secret ? (
        <div className="mt-3">
          <SecretOnce label={secretLabel} value={secret} />
        </div>
      ) : null}
    </div>
  );
}
