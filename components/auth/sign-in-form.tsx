"use client";
import { LogIn } from "lucide-react";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

const MESSAGES: Record<string, string> = {
  INVALID_CREDENTIALS: "Wrong e-mail or password.",
  LOCKED: "Too many failed attempts. Sign-in is locked for a while; try again later or ask an administrator.",
  DISABLED: "This account is disabled. Ask an administrator.",
  UNAVAILABLE: "Sign-in is unavailable right now: the audit log cannot record it. Try again in a moment.",
  NoRole: "Your SSO account has no console role. Ask an administrator to grant one.",
  NO_ROLE: "Your SSO account has no console role. Ask an administrator to grant one.",
  EMAIL_UNVERIFIED: "Your identity provider has not verified your e-mail address, so the console cannot use it.",
  EMAIL_TAKEN:
    "A console account with your e-mail address already signs in with a password. Ask an administrator to resolve it.",
  NO_SUBJECT: "Your identity provider sent no account identifier. Ask an administrator.",
  CredentialsSignin: "Wrong e-mail or password.",
  SessionRequired: "Please sign in.",
};

export function SignInForm({
  callbackUrl,
  ssoName,
  initialError,
}: {
  callbackUrl: string;
  ssoName: string | null;
  initialError?: string;
}) {
  const [error, setError] = useState<string | undefined>(
    initialError ? (MESSAGES[initialError] ?? "Sign-in failed. Try again.") : undefined,
  );
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      callbackUrl,
    });
    if (!result || result.error) {
      setPending(false);
      setError(MESSAGES[result?.error ?? ""] ?? "Sign-in failed. Try again.");
      return;
    }
    // A full navigation, so the server renders the shell with the new session cookie.
    window.location.assign(callbackUrl);
  }

  return (
    <div className="rounded-lg border border-border bg-surface p-5 shadow-sm">
      <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
        <Field id="email" label="E-mail">
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
        </Field>
        <Field id="password" label="Password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        {error ? (
          <p role="alert" className="rounded bg-danger-soft px-3 py-2 text-sm text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={pending} className="mt-1">
          <LogIn className="size-4" aria-hidden /> {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {ssoName ? (
        <>
          <div className="my-4 flex items-center gap-2 text-xs text-muted">
            <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
          </div>
          <Button className="w-full" onClick={() => void signIn("oidc", { callbackUrl })}>
            Continue with {ssoName}
          </Button>
        </>
      ) : null}
    </div>
  );
}
