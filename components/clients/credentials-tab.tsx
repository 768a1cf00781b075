"use client";
import { KeyRound, Smartphone } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { useAction } from "@/components/hooks/use-action";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { SecretOnce } from "@/components/ui/secret-once";
import { issueWebOtp, mintSessionToken } from "@/server/actions/clients";

export function CredentialsTab({ clientId }: { clientId: string }) {
  const [token, setToken] = useState<string>();
  const [otp, setOtp] = useState<string>();
  // A reason is cleared only once the secret is issued: a refused form keeps what was typed.
  const [reasons, setReasons] = useState({ token: "", otp: "" });
  const mint = useAction(mintSessionToken, {
    errors: "inline",
    secret: true,
    onSuccess: (r) => {
      setToken(r.clientSessionToken);
      setReasons((v) => ({ ...v, token: "" }));
    },
  });
  const issue = useAction(issueWebOtp, {
    errors: "inline",
    secret: true,
    onSuccess: (r) => {
      setOtp(r.otp);
      setReasons((v) => ({ ...v, otp: "" }));
    },
  });
  return (
    <section aria-label="Credentials" className="grid gap-4 lg:grid-cols-2">
      <CredentialCard
        title="Session token"
        icon={<KeyRound className="size-4" aria-hidden />}
        description="A new client session token for the MPC and yield APIs. Earlier tokens stay valid."
        submitLabel="Mint session token"
        secretLabel="Client session token"
        secret={token}
        action={mint}
        reason={reasons.token}
        onReasonChange={(token) => setReasons((v) => ({ ...v, token }))}
        submit={() => {
          setToken(undefined);
          mint.run({ clientId, reason: reasons.token });
        }}
      />
      <CredentialCard
        title="Web OTP"
        icon={<Smartphone className="size-4" aria-hidden />}
        description="A one-time password for the client's web SDK sign-in."
        submitLabel="Issue web OTP"
        secretLabel="Web OTP"
        secret={otp}
        action={issue}
        reason={reasons.otp}
        onReasonChange={(otp) => setReasons((v) => ({ ...v, otp }))}
        submit={() => {
          setOtp(undefined);
          issue.run({ clientId, reason: reasons.otp });
        }}
      />
    </section>
  );
}

function CredentialCard(props: {
  title: string;
  icon: ReactNode;
  description: string;
  submitLabel: string;
  secretLabel: string;
  secret: string | undefined;
  action: { pending: boolean; fieldErrors: Record<string, string>; formError?: string };
  reason: string;
  onReasonChange: (reason: string) => void;
  submit: () => void;
}) {
  const { title, icon, description, submitLabel, secretLabel, secret, action, reason, onReasonChange, submit } = props;
  const id = title.toLowerCase().replace(/\W+/g, "-");
  const fieldError = action.fieldErrors.reason;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
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
            value={reason}
            onChange={(e) => onReasonChange(e.target.value)}
            rows={2}
            className="w-full rounded border border-border bg-surface px-2.5 py-1.5 text-sm"
            aria-invalid={Boolean(fieldError)}
            placeholder="e.g. Ticket SUP-1234: user locked out of the web app"
          />
        </Field>
        <FormError message={fieldError ? undefined : action.formError} />
        <Button type="submit" variant="primary" disabled={action.pending}>
          {action.pending ? "Issuing…" : submitLabel}
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
