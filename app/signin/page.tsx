import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeCallbackPath } from "@/lib/auth/safe-redirect";
import { isSessionEndReason, sessionEndMessage } from "@/lib/auth/session-end";
import { currentUser } from "@/server/auth/session";
import { getEnv, getUpstreamConfig } from "@/server/env";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await currentUser()) redirect(callbackUrl);
  const env = getEnv();
  const sso = env.OIDC_ISSUER ? env.OIDC_NAME : null;
  const error = typeof params.error === "string" ? params.error : undefined;
  // Why the last session ended, when the page that noticed said so (a reason not in the list says nothing).
  const ended = isSessionEndReason(params.reason)
    ? sessionEndMessage(params.reason, {
        idleMinutes: env.CONSOLE_SESSION_IDLE_MINUTES,
        maxHours: env.CONSOLE_SESSION_MAX_HOURS,
      })
    : null;
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <ShieldCheck className="size-8 text-accent" aria-hidden />
          <h1 className="text-xl font-semibold">Sign in to Custodian Console</h1>
          <p className="text-sm text-muted">Staff access only. Upstream: {getUpstreamConfig().label}.</p>
        </div>
        {ended ? (
          <p
            role="status"
            data-testid="session-end-reason"
            className="mb-4 rounded border border-warning/40 bg-warning-soft p-3 text-sm"
          >
            {ended} Sign in to go back to <code className="break-all">{callbackUrl}</code>.
          </p>
        ) : null}
        <SignInForm callbackUrl={callbackUrl} ssoName={sso} initialError={error} />
      </div>
    </main>
  );
}
